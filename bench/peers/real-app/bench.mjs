// The real-app mode of the peer bench: AppKit's react/react-wagmi example built as published and
// on Postern (prepare.mjs), then, per profile, cold runs of the blank floor and both builds,
// interleaved, each from its own loopback server; one table per profile (table.mjs). Results:
// <cache>/real-app/results-real-app-<profile>.json. A benchmark, not a test.
import { cpus, loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { register } from 'tsx/esm/api'
import { cacheDir } from '../install.mjs'
import { PROFILES } from '../profile.mjs'
import { startServer } from '../serve.mjs'
import { APP, prepareRealApp } from './prepare.mjs'
import { REAL_APP_VARIANTS, runRealApp } from './run.mjs'
import { formatTable, resultsFile } from './table.mjs'

export async function realAppBench({ source, profiles, runs = Number(process.env.RUNS) || 5 }) {
  const started = Date.now()
  const log = (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)
  const built = await prepareRealApp(cacheDir(), source, log)
  register()
  const { launchChromium } = await import('../../../test/browser.ts')
  const names = Object.keys(REAL_APP_VARIANTS)
  const f = (v, d = 0) => (v === null ? '–' : v.toFixed(d))
  const tables = []
  for (const profileName of profiles) {
    const profile = PROFILES[profileName]
    const servers = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await startServer(built.dirs[n], { compress: !!profile.compress })])))
    const variants = Object.fromEntries(names.map((n) => [n, { runs: [] }]))
    try {
      for (let i = 0; i < runs; i++) {
        // Each round starts with another build, so none always runs first.
        for (const name of names.map((_, k) => names[(k + i) % names.length])) {
          const r = await runRealApp({ launchChromium, server: servers[name], root: built.dirs[name], variant: REAL_APP_VARIANTS[name], profile })
          variants[name].runs.push(r)
          log(`${profileName} round ${i + 1}/${runs} ${name.padEnd(8)} interactive ${f(r.ready)} ms  TBT ${f(r.tbt)} ms  tap→view ${f(r.tap)} ms  heap ${r.heap === null ? '–' : (r.heap / 1048576).toFixed(2)} MiB  JS ${(r.jsBefore / 1024).toFixed(1)} KiB  requests ${r.requests} (outside ${r.outside})${r.errors.length ? `  errors: ${r.errors[0]}` : ''}`)
        }
      }
    } finally {
      for (const s of Object.values(servers)) s.close()
    }
    const results = {
      date: new Date().toISOString().slice(0, 10),
      app: APP.path,
      source: built.source,
      postern: built.postern,
      versions: built.versions,
      profile: profileName,
      runs,
      machine: `${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
      labels: Object.fromEntries(names.map((n) => [n, REAL_APP_VARIANTS[n].label])),
      variants,
    }
    const file = join(cacheDir(), 'real-app', resultsFile(profileName))
    writeFileSync(file, JSON.stringify(results, null, 1))
    tables.push(formatTable(results))
    log(`${profileName}: done; results in ${file}`)
  }
  console.log(tables.join('\n\n'))
}
