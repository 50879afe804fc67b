// `node bench/peers/heap.mjs [variant]`: what holds the JS heap once a product's connect view is
// open. Loads its page from the peer bench's cache folder (run `npm run bench:peers` once first),
// forces a GC, takes a heap snapshot over the DevTools protocol (HeapProfiler) and prints the
// largest groups by self size: node type and constructor or, for strings and code, their script.
import { register } from 'tsx/esm/api'
import { cacheDir } from './install.mjs'
import { pageScript } from './page-script.mjs'
import { startServer } from './serve.mjs'
import { VARIANTS } from './variants.mjs'

const name = process.argv[2] || 'postern'
const TOP = Number(process.argv[3]) || 25
register()
const { launchChromium } = await import('../../test/browser.ts')
const server = await startServer(cacheDir())
const browser = await launchChromium()
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(pageScript(VARIANTS[name].view))
  await page.goto(`${server.url}/${VARIANTS[name].dir}/dist-${name}/`)
  await page.waitForFunction(() => window.__pb.viewAt !== null, null, { timeout: 30_000 })
  await page.waitForTimeout(3000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  let chunks = ''
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => { chunks += e.chunk })
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize
  const snap = JSON.parse(chunks)
  const { node_fields: fields, node_types: [types] } = snap.snapshot.meta
  const F = fields.length
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f))
  const groups = new Map()
  let total = 0
  for (let i = 0; i < snap.nodes.length; i += F) {
    const type = types[snap.nodes[i + iType]]
    const size = snap.nodes[i + iSize]
    total += size
    let label = snap.strings[snap.nodes[i + iName]]
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') label = size > 20_000 ? `${label.slice(0, 60).replace(/\s+/g, ' ')}…` : '(small strings)'
    const key = `${type}: ${label.slice(0, 90)}`
    const g = groups.get(key) ?? { size: 0, count: 0 }
    g.size += size
    g.count++
    groups.set(key, g)
  }
  console.log(`${name}: heap used ${(used / 1048576).toFixed(2)} MiB after GC; snapshot self sizes total ${(total / 1048576).toFixed(2)} MiB`)
  for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, TOP)) {
    console.log(`${(g.size / 1024).toFixed(0).padStart(7)} KiB  ×${String(g.count).padEnd(6)} ${key}`)
  }
} finally {
  await browser.close()
  server.close()
}
