// `npm run bench:peers [--profile desktop|phone] [runs] [variant ...]`
// `npm run bench:peers -- --real-app <appkit-web-examples> [--profile desktop|phone] [runs]`
// Postern (ESM and CDN script) against the other wallet
// modals and a blank page, in one run on this machine. The peers are installed once into a cache
// folder outside the repository (bench/peers/install.mjs); Postern is built from the working tree.
// Runs are interleaved (one of each product, then again) so the machine's load hits all alike.
// `--profile phone` emulates a mid-range phone on a mobile network (bench/peers/profile.mjs).
// A benchmark, not a test: CI does not run it. Results: <cache>/results.json, and the table below.
import { cpus, loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { register } from 'tsx/esm/api'
import { ensurePeers, installedVersions } from './peers/install.mjs'
import { buildPostern } from './peers/postern.mjs'
import { startServer } from './peers/serve.mjs'
import { runOnce } from './peers/run.mjs'
import { formatTable, resultsFile } from './peers/table.mjs'
import { VARIANTS } from './peers/variants.mjs'
import { profileFromArgs } from './peers/profile.mjs'
import { realAppArgs } from './peers/real-app/args.mjs'

// `--real-app <appkit-web-examples>`: AppKit's react-wagmi example app as published and on Postern
// instead of the products (bench/peers/real-app/); it ends the process when done.
const realApp = realAppArgs(process.argv.slice(2))
if (realApp) {
  const { realAppBench } = await import('./peers/real-app/bench.mjs')
  await realAppBench(realApp)
  process.exit(0)
}

const { name: profileName, profile, args } = profileFromArgs(process.argv.slice(2))
const [runsArg, ...names] = args
const RUNS = Number(runsArg || process.env.RUNS) || 9
const list = names.length ? names : Object.keys(VARIANTS).filter((name) => !VARIANTS[name].optIn)
const started = Date.now()
const log = (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)

const dir = await ensurePeers(log)
// PEERBENCH_NO_BUILD=1 measures the Postern already in the cache (e.g. a hand-edited experiment).
const postern = process.env.PEERBENCH_NO_BUILD === '1' ? 'as left in the cache' : (log('building Postern from the working tree'), await buildPostern(dir))
register()
const { launchChromium } = await import('../test/browser.ts')
const server = await startServer(dir, { compress: !!profile.compress })
const variants = Object.fromEntries(list.map((name) => [name, { label: VARIANTS[name].label ?? name, runs: [] }]))
try {
  for (let i = 0; i < RUNS; i++) {
    // Each round starts with another product, so none always runs first.
    const order = list.map((_, k) => list[(k + i) % list.length])
    for (const name of order) {
      const r = await runOnce({ launchChromium, server, dir, name, variant: VARIANTS[name], profile })
      variants[name].runs.push(r)
      const f = (v, d = 0) => (v === null ? '–' : v.toFixed(d))
      log(`round ${i + 1}/${RUNS} ${name.padEnd(20)} view ${f(r.view)} ms  tap→view ${f(r.tap)} ms  TBT ${f(r.tbt)} ms  click→wallet ${f(r.click, 1)} ms  heap ${(r.heap / 1048576).toFixed(2)} MiB  JS ${(r.jsBytes / 1024).toFixed(1)} KiB  requests ${r.requests} (outside ${r.outside})${r.errors.length ? `  errors: ${r.errors[0]}` : ''}`)
    }
  }
} finally {
  server.close()
}
const results = {
  date: new Date().toISOString().slice(0, 10),
  postern,
  profile: profileName,
  runs: RUNS,
  machine: `${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
  versions: installedVersions(dir),
  variants,
}
writeFileSync(join(dir, resultsFile(profileName)), JSON.stringify(results, null, 1))
console.log(formatTable(results))
log(`done; results in ${join(dir, resultsFile(profileName))}`)
