// `node bench/peers/main-thread.mjs [--profile phone] [--tap] [--timeline] [--js] [variant] [runs]`: where one product's
// main-thread time goes until its connect view is visible (from navigation, or with --tap from the
// tap on the site's connect button, the page settled 3 s): a DevTools trace of the page's renderer,
// each event's own time (its children's taken out) summed by kind: script compile and run, style,
// layout, paint, HTML parse, GC; and the time the main thread was idle (waiting on the network).
// Pages as bench:peers serves them (run it once first); Postern as left in the cache. The real app's
// builds ('real-app:postern', 'real-app:appkit') need a --tap: nothing opens their modal at load.
import { join } from 'node:path'
import { register } from 'tsx/esm/api'
import { cacheDir, writeFloorPages } from './install.mjs'
import { startServer } from './serve.mjs'
import { pageScript } from './page-script.mjs'
import { waitUntil, evaluate, tapOrClick } from './run.mjs'
import { tapPage, VARIANTS } from './variants.mjs'
import { emulate, profileFromArgs } from './profile.mjs'
import { selfTimes, timeline } from './self-times.mjs'
import { jsSelfTimes } from './js-profile.mjs'
import { REAL_APP_VARIANTS } from './real-app/run.mjs'
import { OUT } from './real-app/prepare.mjs'

const { profile, args: rest } = profileFromArgs(process.argv.slice(2))
const TAP = rest.includes('--tap')
// --timeline: also every event of 0.3 ms or more in the window, nested, in order.
const TIMELINE = rest.includes('--timeline')
// --js: also a sampling CPU profile (100 µs) over the same window, until the view was seen (within
// 20 ms of it): JS own time per script file and the functions that took most (js-profile.mjs).
const JS = rest.includes('--js')
const [name = 'postern', runs = '1'] = rest.filter((a) => !a.startsWith('--'))
// 'real-app:postern' and 'real-app:appkit': the builds of `bench:peers --real-app`, tapped on their <appkit-button>.
const realApp = name.startsWith('real-app:') ? name.slice('real-app:'.length) : null
const variant = realApp ? REAL_APP_VARIANTS[realApp] : VARIANTS[name]
if (!variant) throw new Error(`unknown variant ${name}; one of ${[...Object.keys(VARIANTS), 'real-app:postern', 'real-app:appkit'].join(', ')}`)
const button = realApp ? 'appkit-button' : '#pb-connect'
if (!realApp) writeFloorPages(cacheDir())
register()
const { launchChromium } = await import('../../test/browser.ts')
const server = await startServer(realApp ? join(cacheDir(), 'real-app', realApp, OUT) : cacheDir(), { compress: !!profile.compress })
const CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'].join(',')
try {
  for (let run = 0; run < Number(runs); run++) {
    const browser = await launchChromium()
    const context = await browser.newContext(profile.context)
    const page = await context.newPage()
    // A tap on the blank page is on its own tap page (variants.mjs).
    const target = TAP && !realApp ? tapPage(variant) : { page: '', view: variant.view }
    await page.addInitScript(pageScript(target.view, variant.ready))
    const cdp = await context.newCDPSession(page)
    await emulate(cdp, profile)
    const url = realApp ? `${server.url}/` : `${server.url}/${variant.dir}/dist-${name}/`
    const events = []
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    if (TAP) {
      await page.goto(`${url}${target.page}#tap`, { waitUntil: 'commit' })
      await waitUntil(cdp, `!!document.querySelector('${button}')`, profile.viewWait, 20)
      await page.waitForTimeout(3000)
    }
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' })
    if (JS) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
    }
    if (TAP) await tapOrClick(page, profile, button)
    else await page.goto(url, { waitUntil: 'commit' })
    await waitUntil(cdp, 'window.__pb.viewAt !== null', profile.viewWait, 20)
    const js = JS ? jsSelfTimes((await cdp.send('Profiler.stop')).profile) : null
    // A mark at a known page time places the page's clock on the trace's.
    const pb = await evaluate(cdp, `({ viewAt: window.__pb.viewAt, tapAt: window.__pb.tapAt, sync: (performance.mark('pb-sync'), performance.getEntriesByName('pb-sync')[0].startTime) })`)
    await cdp.send('Tracing.end')
    await done
    const from = TAP ? pb.tapAt : 0
    const { total, idle, kinds } = selfTimes(events, pb.sync, from, pb.viewAt)
    console.log(`\n${name} run ${run + 1}, ${TAP ? 'tap' : 'navigation'} → view ${(pb.viewAt - from).toFixed(0)} ms: main thread busy ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms`)
    for (const [kind, ms] of kinds) console.log(`${ms.toFixed(1).padStart(8)} ms  ${kind}`)
    if (TIMELINE) console.log(timeline(events, pb.sync, from, pb.viewAt).join('\n'))
    if (js) {
      console.log('JS own time by script (sampled):')
      for (const [file, ms] of js.files) console.log(`${ms.toFixed(1).padStart(8)} ms  ${file}`)
      for (const [fn, ms] of js.functions) console.log(`${ms.toFixed(1).padStart(8)} ms    ${fn}`)
    }
    await browser.close()
  }
} finally {
  server.close()
}
