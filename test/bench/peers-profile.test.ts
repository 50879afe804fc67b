// bench/peers: the phone profile's parts that run without a browser: its arguments, the compressed
// loopback server, the table's tap and blocking-time columns (the tap above the blank page's), and
// the CDN page with a preload hint.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
// @ts-expect-error: plain .mjs modules of the bench, without declarations
import { PROFILES, profileFromArgs } from '../../bench/peers/profile.mjs'
// @ts-expect-error: likewise
import { startServer } from '../../bench/peers/serve.mjs'
// @ts-expect-error: likewise
import { formatTable, resultsFile } from '../../bench/peers/table.mjs'
// @ts-expect-error: likewise
import { writePreloadPage } from '../../bench/peers/postern.mjs'

const test = suite('bench/peers phone profile')
let dir: string
test.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'peers-'))
})
test.after.each(() => rmSync(dir, { recursive: true, force: true }))

test('--profile is taken out of the arguments, in either form; an unknown one is refused', () => {
  assert.equal(profileFromArgs(['--profile', 'phone', '3', 'blank']), { name: 'phone', profile: PROFILES.phone, args: ['3', 'blank'] })
  assert.equal(profileFromArgs(['3', '--profile=phone']).args, ['3'])
  assert.is(profileFromArgs(['3']).name, 'desktop')
  assert.throws(() => profileFromArgs(['--profile', 'watch']), /unknown profile watch/)
})

test('the phone profile is the issue\'s device: CPU × 4, 150 ms, 1.6 / 0.75 Mbps, 390 × 844 with touch', () => {
  const { phone } = PROFILES
  assert.is(phone.cpuRate, 4)
  assert.equal(phone.network, { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 })
  assert.equal(phone.context.viewport, { width: 390, height: 844 })
  assert.ok(phone.context.hasTouch && phone.tap)
  assert.is(resultsFile('phone'), 'results-phone.json')
  assert.is(resultsFile('desktop'), 'results.json')
})

/** GET through the loopback server with the given Accept-Encoding: status, encoding and the body decoded. */
function get(url: string, acceptEncoding: string): Promise<{ status: number, encoding?: string, body: string }> {
  return new Promise((done, fail) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (d: Buffer) => parts.push(d))
      res.on('end', () => {
        const raw = Buffer.concat(parts)
        const encoding = res.headers['content-encoding']
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        done({ status: res.statusCode ?? 0, encoding, body: body.toString('utf8') })
      })
    }).on('error', fail).end()
  })
}

test('compressed serving: brotli where offered, else gzip, else plain; uncompressed unless asked', async () => {
  const js = `export const x = ${JSON.stringify('y'.repeat(4000))}\n`
  mkdirSync(join(dir, 'app', 'dist-a'), { recursive: true })
  writeFileSync(join(dir, 'app', 'dist-a', 'entry.js'), js)
  const compressed = await startServer(dir, { compress: true })
  const plain = await startServer(dir)
  try {
    const url = `${compressed.url}/app/dist-a/entry.js`
    const br = await get(url, 'gzip, deflate, br')
    assert.equal([br.status, br.encoding, br.body], [200, 'br', js])
    const gz = await get(url, 'gzip, deflate')
    assert.equal([gz.status, gz.encoding, gz.body], [200, 'gzip', js])
    const none = await get(url, '')
    assert.equal([none.encoding, none.body], [undefined, js])
    const off = await get(`${plain.url}/app/dist-a/entry.js`, 'br')
    assert.equal([off.encoding, off.body], [undefined, js])
    // Still only the dist-* folders, compressed or not.
    assert.is((await get(`${compressed.url}/../etc/passwd`, 'br')).status, 403)
  } finally {
    compressed.close()
    plain.close()
  }
})

const run = (view: number | null, extra: Record<string, unknown> = {}) => ({ view, click: 1, heap: 1048576, jsBytes: 1024, requests: 1, outside: 0, errors: [], ...extra })

test('the table has a tap column only when a product was tapped, and blocking time with its ratios', () => {
  const results = (tapped: boolean) => ({
    date: '2026-11-26', postern: 'abc', profile: tapped ? 'phone' : 'desktop', runs: 1, machine: '2 cores, load 1.0',
    variants: {
      blank: { runs: [run(300, { tbt: 0, tap: tapped ? 10 : null })] },
      postern: { runs: [run(900, { tbt: 10, tap: tapped ? 60 : null })] },
      onboard: { runs: [run(4300, { tbt: 200, tap: tapped ? 500 : null })] },
    },
  })
  const phone = formatTable(results(true))
  assert.match(phone, /phone profile/)
  assert.match(phone, /\| product \| runs \| nav → connect view \(ms\) \| tap → connect view \(ms\) \| blocking time nav → view \(ms\) \|/)
  // The blank page's own tap is in its row, and the floor of the tap's ratios.
  assert.match(phone, /\| blank \| 1\/1 \| 300 \| 10 \| 0 \|/)
  // Postern ÷ Onboard: view (900 − 300) / (4300 − 300) = 0.15; tap 60 / 500 = 0.12, (60 − 10) / (500 − 10) = 0.10; TBT 10 / 200 = 0.05.
  assert.match(phone, /\| Postern ESM ÷ Web3-Onboard 2\.24\.1 \| \| 0\.21 · 0\.15 \| 0\.12 · 0\.10 \| 0\.05 · 0\.05 \|/)
  assert.match(phone, /tap → connect view's is the blank page's tap/)
  assert.not.match(phone, /not measured in this run/)
  const desktop = formatTable(results(false))
  assert.not.match(desktop, /\| tap → connect view \(ms\) \|/)
  assert.not.match(desktop, /blank page's tap/)
  assert.match(desktop, /desktop profile/)
})

test('results without the blank page\'s tap (an earlier run) read the tap with no floor, and say so', () => {
  const table = formatTable({
    date: '2026-11-26', postern: 'abc', profile: 'phone', runs: 1, machine: '2 cores, load 1.0',
    variants: { blank: { runs: [run(300, { tbt: 0, tap: null })] }, postern: { runs: [run(900, { tbt: 10, tap: 60 })] }, onboard: { runs: [run(4300, { tbt: 200, tap: 500 })] } },
  })
  assert.match(table, /\| Postern ESM ÷ Web3-Onboard 2\.24\.1 \| \| 0\.21 · 0\.15 \| 0\.12 · 0\.12 \|/)
  assert.match(table, /not measured in this run: 0/)
})

test('the preload page is the CDN page with one modulepreload of the modal\'s chunk in its head', () => {
  const cdn = join(dir, 'dist-postern-cdn')
  mkdirSync(join(cdn, 'classic'), { recursive: true })
  writeFileSync(join(cdn, 'classic', 'loadModal.js'), 'export {}')
  writeFileSync(join(cdn, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><script src="./postern.js"></script></body></html>')
  const out = join(dir, 'dist-postern-cdn-preload')
  writePreloadPage(cdn, out)
  const page = readFileSync(join(out, 'index.html'), 'utf8')
  assert.is(page, '<!doctype html><html><head><title>t</title><link rel="modulepreload" href="./classic/loadModal.js">\n</head><body><script src="./postern.js"></script></body></html>')
  assert.is(readFileSync(join(out, 'classic', 'loadModal.js'), 'utf8'), 'export {}')
  writeFileSync(join(cdn, 'index.html'), '<p>no head</p>')
  assert.throws(() => writePreloadPage(cdn, out), /no <\/head>/)
})

test.run()
