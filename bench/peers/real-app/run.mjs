// One cold run of one build of the real app (or the blank floor): a fresh headless Chromium, the
// page from its own loopback server (at the server's root, as the app's Vite build expects), and:
//   ready     navigation → the app's connect button (<appkit-button>) shows a visible button:
//             the page is interactive for the visitor
//   tbt       Total Blocking Time from navigation to ready
//   jsReady   brotli bytes of the JS the page had started fetching by then
//   jsBefore  brotli bytes of all the JS fetched before the tap (the page settled 3 s past ready,
//             at least 5 s): what the page loads before the visitor opens the modal
//   tap       a tap (the phone profile) or a click on the app's connect button → the connect view;
//             the blank floor's: the products' floor tap page (install.mjs, BLANK_TAP_PAGE) in a
//             fresh context once the nav run is done, through the products' mode's tapOnce
//   jsView    brotli bytes of all the JS fetched by then (what the tap itself fetched included)
//   heap      JS heap used after a forced GC, the connect view open for 2 s (the floor: settled)
//   requests  requests and WebSockets before the tap, and how many left the page's origin
import { join } from 'node:path'
import { pageScript } from '../page-script.mjs'
import { brotliSize } from '../serve.mjs'
import { emulate } from '../profile.mjs'
import { evaluate, tapOnce, tapOrClick, waitUntil } from '../run.mjs'
import { APPKIT_VIEW, FLOOR_VIEW, POSTERN_VIEW, VARIANTS } from '../variants.mjs'

// The app's connect button: AppKit's element, and Postern's of the same name, draw a <button>
// somewhere in their open shadow trees once they are defined and rendered.
const CONNECT_BUTTON = 'appkit-button'
const BUTTON_READY = `(() => { const h = document.querySelector('${CONNECT_BUTTON}'); if (!h) return false; const st = [h];
  while (st.length) { const n = st.pop(); if (n.localName === 'button' && vis(n)) return true; if (n.shadowRoot) st.push(n.shadowRoot);
    const ch = n.children; if (ch) for (let i = 0; i < ch.length; i++) st.push(ch[i]); }
  return false; })()`
// The view is only looked for once the visitor has tapped: walking AppKit's shadow trees every few
// milliseconds while the page loads would slow the page measured.
const afterTap = (view) => `pb.tapAt !== null && ${view}`

export const REAL_APP_VARIANTS = {
  // Its nav is the one-element page; its tap the products' floor tap page and check (variants.mjs).
  blank: { label: 'blank', floor: true, ready: FLOOR_VIEW, view: FLOOR_VIEW, tap: VARIANTS.blank.tap },
  appkit: { label: 'AppKit react-wagmi, as published', ready: BUTTON_READY, view: afterTap(APPKIT_VIEW) },
  postern: { label: 'the same app on Postern', postern: true, ready: BUTTON_READY, view: afterTap(POSTERN_VIEW) },
}

/** Brotli bytes of the page's own JS files among `resources` that started by `until` (ms from navigation). */
function jsBytes(resources, origin, root, until) {
  const paths = new Set(resources.filter((r) => r.name.startsWith(origin) && r.start <= until && /\.m?js$/.test(new URL(r.name).pathname))
    .map((r) => new URL(r.name).pathname))
  return [...paths].reduce((sum, p) => sum + brotliSize(join(root, decodeURIComponent(p))), 0)
}

/** One run: { ready, tbt, jsReady, jsBefore, tap, jsView, heap, requests, outside, errors }; null where it did not get there. */
export async function runRealApp({ launchChromium, server, root, variant, profile }) {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext(profile.context)
    const page = await context.newPage()
    const requests = []
    const errors = []
    page.on('request', (r) => requests.push(r.url()))
    page.on('websocket', (w) => requests.push(w.url()))
    page.on('pageerror', (e) => errors.push(String(e).slice(0, 160)))
    await page.addInitScript(pageScript(variant.view, variant.ready))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await emulate(cdp, profile)
    const t0 = Date.now()
    await page.goto(`${server.url}/`, { waitUntil: 'commit' })
    await waitUntil(cdp, 'window.__pb.readyAt !== null', profile.viewWait, 20)
    const ready = await evaluate(cdp, 'window.__pb.readyAt')
    const tbt = ready === null ? null : await evaluate(cdp, `window.__pb.blockingUntil(${ready})`)
    const settle = Math.max((ready ?? profile.viewWait) + 3000, 5000) - (Date.now() - t0)
    if (settle > 0) await page.waitForTimeout(settle)
    const origin = server.url
    const beforeTap = [...requests]
    let pb = { tapAt: null, viewAt: null }
    if (!variant.floor && ready !== null) {
      await tapOrClick(page, profile, CONNECT_BUTTON)
      if (await waitUntil(cdp, 'window.__pb.viewAt !== null', profile.viewWait, 10)) {
        pb = await evaluate(cdp, '({ tapAt: window.__pb.tapAt, viewAt: window.__pb.viewAt })')
        await page.waitForTimeout(2000)
      }
    }
    const resources = await evaluate(cdp, `performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime }))`)
    const tapped = pb.viewAt === null || pb.tapAt === null ? null : pb.viewAt - pb.tapAt
    await cdp.send('HeapProfiler.collectGarbage')
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
    await context.close()
    const floorTap = variant.floor && variant.tap && ready !== null
    const tap = floorTap ? await tapOnce({ browser, profile, url: `${server.url}/`, variant }) : tapped
    const outside = beforeTap.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))
    return {
      ready,
      tbt,
      jsReady: ready === null ? null : jsBytes(resources, origin, root, ready),
      jsBefore: jsBytes(resources, origin, root, pb.tapAt ?? Infinity),
      tap,
      jsView: tapped === null ? null : jsBytes(resources, origin, root, pb.viewAt),
      heap: variant.floor || tapped !== null ? metrics.JSHeapUsedSize : null,
      requests: beforeTap.length,
      outside: outside.length,
      outsideHosts: [...new Set(outside.map((u) => u.split('/').slice(0, 3).join('/')))],
      errors,
    }
  } finally {
    await browser.close()
  }
}
