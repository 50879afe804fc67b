// The modal asks the API whether its page may embed the secure frame before it loads it: "no" shows
// unverified_domain and no frame is added (one the secure site's frame-ancestors refuses would show
// nothing); "yes", or no answer at all, loads the frame. Against the reference API server.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import { createFrame, type Frame } from '../../src/lazy/embedded/frame.ts'
import { frameOriginAllowed } from '../../src/lazy/embedded/frame-origin.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ api?: ApiServer }>('embedded frame: origin asked first', {})
const watchdog = setTimeout(() => {
  console.error('embedded-frame-origin.test.ts: timed out')
  process.exit(1)
}, watchdogMs(60_000))
const frames: Frame[] = []
test.before(async (ctx) => {
  ctx.api = await startApiServer({ chains: [], indexer: false })
})
test.after.each(() => frames.splice(0).forEach((f) => f.destroy()))
test.after(async (ctx) => {
  await ctx.api?.stop()
  clearTimeout(watchdog)
})

const open = (originCheck: Promise<boolean | undefined>) => {
  const frame = createFrame({ secureSiteUrl: 'http://127.0.0.1:7777/', projectId: 'p1', version: 'v1', originCheck, timeouts: { load: 1000, login: 100, ready: 10 } })
  frames.push(frame)
  return frame
}
const inPage = () => document.querySelectorAll('iframe#w3m-iframe').length
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

test('behavior: refused → unverified_domain at once and no frame in the page, nothing sent to it', async () => {
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args.join(' '))
  try {
    const frame = open(Promise.resolve(false))
    assert.is(inPage(), 0)
    const error = await frame.loaded.catch((e: Error & { code?: unknown }) => e) as Error & { code?: unknown }
    assert.is(error.message, 'unverified_domain')
    assert.is(error.code, 'UNVERIFIED_DOMAIN')
    assert.is(frame.state.peek(), 'failed')
    assert.is(inPage(), 0)
    assert.match(String(errors[0]), /unverified_domain/)
    assert.is(((await frame.request('GET_CHAIN_ID').catch((e: Error) => e)) as Error).message, 'unverified_domain')
  } finally {
    console.error = original
  }
})

test('behavior: allowed, or no answer, → the frame is added once the answer is in, not before', async () => {
  for (const answer of [true, undefined]) {
    let settle!: (v: boolean | undefined) => void
    const frame = open(new Promise((r) => (settle = r)))
    await tick()
    assert.is(inPage(), 0)
    settle(answer)
    await tick()
    assert.is(inPage(), 1, String(answer))
    assert.is(frame.state.peek(), 'not-loaded')
    frame.destroy()
  }
  // Taken down before the answer: nothing is added later.
  let settle!: (v: boolean | undefined) => void
  open(new Promise((r) => (settle = r))).destroy()
  settle(true)
  await tick()
  assert.is(inPage(), 0)
})

test("behavior: the API's answer for this page's origin; another project's own list refuses it; an unknown project is refused", async ({ api }) => {
  // The DOM's fetch sends the page's Origin (http://localhost:3000), as a browser does.
  assert.is(await frameOriginAllowed(api!.url, 'test', 'v1'), true)
  api!.setAllowedOrigins(['https://shop.example'], 'postern-demo')
  assert.is(await frameOriginAllowed(`${api!.url}/`, 'postern-demo', 'v1'), false)
  assert.is(await frameOriginAllowed(api!.url, 'nope', 'v1'), false)
})

test('behavior: no answer (no Origin seen, limited, a 5xx, a reply of the wrong shape, unreachable) → undefined, so the frame decides', async () => {
  const replies = [[400, '{"reason":"origin: the request has no Origin header"}'], [429, '{"reason":"Too many attempts"}'], [500, '{"reason":"Internal error"}'], [200, '{"allowed":"yes"}'], [200, 'not json']] as const
  let next = 0
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
  const bad = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    const [status, body] = replies[next++]!
    res.writeHead(status, { 'content-type': 'application/json', ...cors })
    res.end(body)
  })
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(bad.address() as { port: number }).port}`
  for (const [status, body] of replies) assert.is(await frameOriginAllowed(url, 'test', 'v1'), undefined, `${status} ${body}`)
  bad.close()
  assert.is(await frameOriginAllowed(url, 'test', 'v1'), undefined, 'unreachable')
})

test.run()
