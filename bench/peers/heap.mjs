// `node bench/peers/heap.mjs [variant]`: what holds the JS heap once a product's connect view is
// open. Loads its page from the peer bench's cache folder (run `npm run bench:peers` once first),
// forces a GC, takes a heap snapshot over the DevTools protocol (HeapProfiler) and prints the
// largest groups by self size: node type and constructor or, for strings and code, their script.
import { register } from 'tsx/esm/api'
import { cacheDir } from './install.mjs'
import { pageScript } from './page-script.mjs'
import { startServer } from './serve.mjs'
import { evaluate, waitUntil } from './run.mjs'
import { VARIANTS } from './variants.mjs'

const name = process.argv[2] || 'postern'
const TOP = Number(process.argv[3]) || 25
// Optional: a constructor or type name whose retainer chain to print (e.g. 'bigint', 'm').
const CHAIN = process.argv[4]
register()
const { launchChromium } = await import('../../test/browser.ts')
const server = await startServer(cacheDir())
const browser = await launchChromium()
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(pageScript(VARIANTS[name].view))
  const cdp = await context.newCDPSession(page)
  await page.goto(`${server.url}/${VARIANTS[name].dir}/dist-${name}/`, { waitUntil: 'commit' })
  if (!await waitUntil(cdp, 'window.__pb.viewAt !== null', 30_000, 20)) throw new Error(`${name}: no connect view`)
  await page.waitForTimeout(3000)
  console.log(`${name}: view at ${(await evaluate(cdp, 'window.__pb.viewAt')).toFixed(0)} ms`)
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
  if (CHAIN) printChain(snap, CHAIN)
} finally {
  await browser.close()
  server.close()
}

/** The retainers of the first node named or typed `target`, walked up to the window (strongest edge first). */
function printChain(snap, target) {
  const { node_fields: nf, edge_fields: ef, node_types: [types], edge_types: [etypes] } = snap.snapshot.meta
  const N = nf.length, E = ef.length
  const [iType, iName, iEdges] = ['type', 'name', 'edge_count'].map((f) => nf.indexOf(f))
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f))
  const retainers = new Map()
  for (let n = 0, e = 0; n < snap.nodes.length; n += N) {
    for (let k = 0; k < snap.nodes[n + iEdges]; k++, e += E) {
      const kind = etypes[snap.edges[e + eType]]
      if (kind === 'weak' || kind === 'shortcut') continue
      const to = snap.edges[e + eTo]
      if (!retainers.has(to)) retainers.set(to, [])
      retainers.get(to).push({ from: n, kind, name: kind === 'element' || kind === 'hidden' ? snap.edges[e + eName] : snap.strings[snap.edges[e + eName]] })
    }
  }
  const label = (n) => `${types[snap.nodes[n + iType]]} ${snap.strings[snap.nodes[n + iName]].slice(0, 60)}`
  let node = -1
  for (let n = 0; n < snap.nodes.length; n += N) {
    const type = types[snap.nodes[n + iType]]
    if (types.includes(target) ? type === target : type === 'object' && snap.strings[snap.nodes[n + iName]] === target) { node = n; break }
  }
  const seen = new Set()
  // Its own named fields first: they tell what it is.
  let first = 0
  for (let n = 0; n < node; n += N) first += snap.nodes[n + iEdges]
  const own = []
  for (let k = 0; node >= 0 && k < snap.nodes[node + iEdges]; k++) {
    const e = (first + k) * E
    if (etypes[snap.edges[e + eType]] === 'property') own.push(snap.strings[snap.edges[e + eName]])
  }
  console.log(`${target} fields: ${own.slice(0, 12).join(', ')}`)
  console.log(`retainers of ${target}:`)
  for (let depth = 0; node >= 0 && depth < 14 && !seen.has(node); depth++) {
    seen.add(node)
    const r = (retainers.get(node) ?? []).find((x) => !seen.has(x.from))
    console.log(`  ${label(node)}${r ? `  ← .${r.name} (${r.kind}) of` : ''}`)
    node = r ? r.from : -1
  }
}
