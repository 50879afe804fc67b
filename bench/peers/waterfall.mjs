// `node bench/peers/waterfall.mjs [--profile phone] [--tap] [variant] [runs] [--build]`: the request waterfall of one
// product's page as bench:peers serves it (Postern as left in the cache; --build rebuilds it from
// the working tree first): every request until the view was visible, with its start, end and which request made it
// (the initiator), so a chain of chunk downloads (loader → chunk → its imports) shows as depth.
// --tap opens the page with '#tap' and taps the site's connect button once the page has settled
// 3 s; times then count from the tap.
import { register } from 'tsx/esm/api'
import { ensurePeers } from './install.mjs'
import { startServer } from './serve.mjs'
import { pageScript } from './page-script.mjs'
import { waitUntil, evaluate } from './run.mjs'
import { tapPage, VARIANTS } from './variants.mjs'
import { buildPostern } from './postern.mjs'
import { emulate, profileFromArgs } from './profile.mjs'

const { profile, args: rest } = profileFromArgs(process.argv.slice(2))
const args = rest.filter((a) => a !== '--build' && a !== '--tap')
const TAP = process.argv.includes('--tap')
const [name = 'postern', runs = '1'] = args
const variant = VARIANTS[name]
if (!variant) throw new Error(`unknown variant ${name}; one of ${Object.keys(VARIANTS).join(', ')}`)
const dir = await ensurePeers(() => undefined)
if (process.argv.includes('--build')) console.error(`built ${await buildPostern(dir)}`)
register()
const { launchChromium } = await import('../../test/browser.ts')
const server = await startServer(dir, { compress: !!profile.compress })
try {
  for (let run = 0; run < Number(runs); run++) {
    const browser = await launchChromium()
    const context = await browser.newContext(profile.context)
    const page = await context.newPage()
    const target = TAP ? tapPage(variant) : { page: '', view: variant.view }
    await page.addInitScript(pageScript(target.view))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await emulate(cdp, profile)
    const byId = new Map()
    cdp.on('Network.requestWillBeSent', (e) => {
      const stack = e.initiator?.stack
      let from = e.initiator?.url ?? stack?.callFrames?.[0]?.url
      for (let s = stack; !from && s; s = s.parent) from = s.callFrames?.[0]?.url
      byId.set(e.requestId, { url: e.request.url, start: e.timestamp, from: from ?? e.initiator?.type, end: null })
    })
    cdp.on('Network.loadingFinished', (e) => { const r = byId.get(e.requestId); if (r) r.end = e.timestamp })
    const url = `${server.url}/${variant.dir}/dist-${name}/`
    await page.goto(TAP ? `${url}${target.page}#tap` : url, { waitUntil: 'commit' })
    let tapAt = null
    if (TAP) {
      await waitUntil(cdp, `!!document.getElementById('pb-connect')`, 30_000, 20)
      await page.waitForTimeout(3000)
      byId.clear()
      await page.tap('#pb-connect')
      tapAt = await evaluate(cdp, 'window.__pb.tapAt')
    }
    await waitUntil(cdp, 'window.__pb.viewAt !== null', 30_000, 20)
    const viewAt = await evaluate(cdp, 'window.__pb.viewAt') - (tapAt ?? 0)
    const origin = await evaluate(cdp, 'performance.timeOrigin')
    await page.waitForTimeout(300)
    const list = [...byId.values()]
    const t0 = list[0]?.start ?? 0
    const short = (u) => (u ? u.replace(server.url, '').replace(/^\/[^/]+\/dist-[^/]+/, '') : '?')
    const depth = new Map()
    const depthOf = (r) => {
      if (depth.has(r.url)) return depth.get(r.url)
      depth.set(r.url, 0)
      const parent = list.find((p) => p.url === r.from && p !== r)
      const d = parent ? depthOf(parent) + 1 : 0
      depth.set(r.url, d)
      return d
    }
    console.log(`\n${name} run ${run + 1}: view visible at ${viewAt?.toFixed(0)} ms${TAP ? ' after the tap' : ''} (timeOrigin ${origin.toFixed(0)})`)
    for (const r of list) {
      const s = (r.start - t0) * 1000
      const e = r.end === null ? '  …' : ((r.end - t0) * 1000).toFixed(0).padStart(5)
      console.log(`${s.toFixed(0).padStart(5)} → ${e} ms  ${'  '.repeat(depthOf(r))}${short(r.url).slice(0, 90)}   ← ${short(r.from).slice(0, 50)}`)
    }
    await browser.close()
  }
} finally {
  server.close()
}
