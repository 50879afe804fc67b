// bench/peers: the blank page's tap, the floor of tap → connect view on the phone profile, in a real
// headless Chromium through the bench's own tap path: its dialog, rendered ahead and hidden, never
// counts as shown before the tap; the tap shows it, found by Postern's own check.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../browser'
// @ts-expect-error: plain .mjs modules of the bench, without declarations
import { BLANK_PAGE, writeFloorPages } from '../../bench/peers/install.mjs'
// @ts-expect-error: likewise
import { FLOOR_TAP_VIEW, POSTERN_VIEW, tapPage, VARIANTS } from '../../bench/peers/variants.mjs'
// @ts-expect-error: likewise
import { evaluate, tapOnce, waitUntil } from '../../bench/peers/run.mjs'
// @ts-expect-error: likewise
import { PROFILES } from '../../bench/peers/profile.mjs'
// @ts-expect-error: likewise
import { pageScript } from '../../bench/peers/page-script.mjs'
// @ts-expect-error: likewise
import { startServer } from '../../bench/peers/serve.mjs'

const test = suite('bench/peers: the blank page\'s tap')
let dir: string
let server: { url: string, close: () => void }
let browser: Browser
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'peers-floor-'))
  writeFloorPages(dir)
  server = await startServer(dir, { compress: true })
  browser = await launchChromium()
})
test.after(async () => {
  await browser?.close()
  server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const url = () => `${server.url}/blank/dist-blank/`

test('the floor\'s check is Postern\'s, in the floor\'s own host; the nav page stays one element without script', () => {
  assert.is(FLOOR_TAP_VIEW, POSTERN_VIEW.replace("'w3m-modal'", "'pb-floor'"))
  assert.equal(tapPage(VARIANTS.blank), { page: 'tap.html', view: FLOOR_TAP_VIEW })
  assert.equal(tapPage(VARIANTS.postern), { page: '', view: POSTERN_VIEW })
  assert.is(readFileSync(join(dir, 'blank', 'dist-blank', 'index.html'), 'utf8'), BLANK_PAGE)
  assert.not.match(BLANK_PAGE, /<script/)
})

test('the hidden dialog is not shown before the tap; the tap shows it, through the touch path', async () => {
  const context = await browser.newContext(PROFILES.phone.context)
  try {
    const page = await context.newPage()
    await page.addInitScript(pageScript(FLOOR_TAP_VIEW))
    const cdp = await context.newCDPSession(page)
    await page.goto(`${url()}tap.html#tap`)
    // Rendered ahead: laid out, with its title and entry, yet not shown.
    assert.ok(await evaluate(cdp, `document.querySelector('pb-floor').shadowRoot.getElementById('w3m-title').getBoundingClientRect().height > 0`))
    await page.waitForTimeout(300)
    assert.equal(await evaluate(cdp, '[window.__pb.viewAt, window.__pb.tapAt]'), [null, null])
    await page.tap('#pb-connect')
    assert.ok(await waitUntil(cdp, 'window.__pb.viewAt !== null', 5000))
    const pb = await evaluate(cdp, '({ tapAt: window.__pb.tapAt, viewAt: window.__pb.viewAt })')
    assert.ok(pb.tapAt !== null && pb.viewAt >= pb.tapAt, JSON.stringify(pb))
  } finally {
    await context.close()
  }
})

test('the bench\'s tap run measures the blank page on the phone profile', async () => {
  const ms = await tapOnce({ browser, profile: { ...PROFILES.phone, viewWait: 10_000 }, url: url(), variant: VARIANTS.blank })
  assert.type(ms, 'number')
  assert.ok(ms >= 0 && ms < 2000, String(ms))
})

test.run()
