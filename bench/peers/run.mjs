// One cold run of one product: a fresh headless Chromium (launchChromium, fresh profile), the
// product's page from the loopback server, and:
//   view     navigation → connect view visible (page-script.mjs's criterion)
//   heap     JS heap used after a forced GC, once the page has settled (view + 2 s, at least 5 s)
//   jsKiB    brotli size of the JS files the page had started fetching before the view was visible
//   requests every request and WebSocket from navigation until the click (the visitor's intent),
//            and how many of them left the page's origin
//   click    then a click on the test wallet's entry → the wallet receives the connection request
//   tbt      Total Blocking Time (long tasks' time past 50 ms) from navigation to the connect view
// With a profile that taps (phone), then the same page in a fresh context opened with '#tap': once
// the site's connect button is there and the page has had 3 s to settle, a tap on it, and
//   tap      the tap → connect view visible (the blank page's: its own tap page, variants.mjs)
import { join } from 'node:path'
import { pageScript } from './page-script.mjs'
import { brotliSize } from './serve.mjs'
import { emulate, PROFILES } from './profile.mjs'
import { tapPage } from './variants.mjs'

const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b)
  if (!v.length) return null
  const m = v.length >> 1
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2
}
export { median }

/** Evaluated over the DevTools protocol, not page.evaluate: Playwright's injected script would sit in the heap measured. */
export async function evaluate(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })
  if (exceptionDetails) throw new Error(exceptionDetails.text)
  return result.value
}

/** Polls an expression in the page until it is truthy or `ms` pass. */
export async function waitUntil(cdp, expression, ms, every = 10) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await evaluate(cdp, expression).catch(() => false)) return true
    await new Promise((r) => setTimeout(r, every))
  }
  return false
}

export async function runOnce({ launchChromium, server, dir, name, variant, profile = PROFILES.desktop }) {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext(profile.context)
    const page = await context.newPage()
    const requests = []
    const errors = []
    page.on('request', (r) => requests.push({ url: r.url(), at: Date.now() }))
    page.on('websocket', (w) => requests.push({ url: w.url(), at: Date.now() }))
    page.on('pageerror', (e) => errors.push(String(e).slice(0, 160)))
    await page.addInitScript(pageScript(variant.view))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await emulate(cdp, profile)
    const url = `${server.url}/${variant.dir}/dist-${name}/`
    const t0 = Date.now()
    await page.goto(url, { waitUntil: 'commit' })
    await waitUntil(cdp, 'window.__pb.viewAt !== null', profile.viewWait, 20)
    const viewAt = await evaluate(cdp, 'window.__pb.viewAt')
    const tbt = viewAt === null ? null : await evaluate(cdp, `window.__pb.blockingUntil(${viewAt})`)
    const settle = Math.max((viewAt ?? profile.viewWait) + 2000, 5000) - (Date.now() - t0)
    if (settle > 0) await page.waitForTimeout(settle)
    await cdp.send('HeapProfiler.collectGarbage')
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
    const resources = await evaluate(cdp, `performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime }))`)
    const intentAt = Date.now()
    const beforeIntent = requests.filter((r) => r.at <= intentAt)
    const pageOrigin = new URL(url).origin
    // Intent: the click on the wallet, then up to 3 s for the request to reach it.
    let click = null
    if (!variant.floor && await evaluate(cdp, 'window.__pb.clickWallet()')) {
      await waitUntil(cdp, 'window.__pb.walletAt !== null', 3000)
      const pb = await evaluate(cdp, '({ clickAt: window.__pb.clickAt, walletAt: window.__pb.walletAt })')
      click = pb.walletAt === null ? null : pb.walletAt - pb.clickAt
    }
    const js = viewAt === null ? [] : [...new Set(resources
      .filter((r) => r.name.startsWith(pageOrigin) && r.start <= viewAt && /\.m?js$/.test(new URL(r.name).pathname))
      .map((r) => new URL(r.name).pathname))]
    await context.close()
    const tap = profile.tap && (!variant.floor || variant.tap) ? await tapOnce({ browser, profile, url, variant }) : null
    return {
      view: viewAt,
      tap,
      tbt,
      click,
      heap: metrics.JSHeapUsedSize,
      jsBytes: js.reduce((sum, p) => sum + brotliSize(join(dir, decodeURIComponent(p))), 0),
      jsFiles: js.length,
      requests: beforeIntent.length,
      outside: beforeIntent.filter((r) => !r.url.startsWith(pageOrigin) && !r.url.startsWith('data:')).length,
      outsideHosts: [...new Set(beforeIntent.filter((r) => !r.url.startsWith(pageOrigin) && !r.url.startsWith('data:')).map((r) => r.url.split('/').slice(0, 3).join('/')))],
      errors,
    }
  } finally {
    await browser.close()
  }
}

/** The visitor's tap on `selector`: a touch tap where the profile has a touch screen, else a mouse click (both set tapAt). */
export const tapOrClick = (page, profile, selector) => (profile.context.hasTouch ? page.tap(selector) : page.click(selector))

/** The page opened with '#tap' in a fresh context: the tap (or click) on its connect button → the connect view visible (ms). */
export async function tapOnce({ browser, profile, url, variant }) {
  const context = await browser.newContext(profile.context)
  try {
    const page = await context.newPage()
    const target = tapPage(variant)
    await page.addInitScript(pageScript(target.view))
    const cdp = await context.newCDPSession(page)
    await emulate(cdp, profile)
    await page.goto(`${url}${target.page}#tap`, { waitUntil: 'commit' })
    if (!await waitUntil(cdp, `!!document.getElementById('pb-connect')`, profile.viewWait, 20)) return null
    await page.waitForTimeout(3000)
    await tapOrClick(page, profile, '#pb-connect')
    if (!await waitUntil(cdp, 'window.__pb.viewAt !== null', profile.viewWait, 20)) return null
    const pb = await evaluate(cdp, '({ tapAt: window.__pb.tapAt, viewAt: window.__pb.viewAt })')
    return pb.tapAt === null ? null : pb.viewAt - pb.tapAt
  } finally {
    await context.close()
  }
}
