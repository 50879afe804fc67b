// The page cannot frame or restyle the approval into a click the visitor did not mean: an
// invisible frame (opacity 0) under the pointer does not approve, a white accent does not paint
// white on white, the wallet's own pages (the dashboard) refuse to render in any frame, and the
// frame page refuses to render in a page off the project's allowed list.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness.ts'
import { DEFAULT_ALLOWED_ORIGINS } from '../../server/index.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'
import { TOO_SMALL } from '../../secure/approve-gate.ts'

const test = suite('e2e: the approval cannot be framed or restyled')
let e2e: E2E
let page: Page
let address: `0x${string}`

const start = (key: string, method: string, params: unknown[]) => page.evaluate(([k, m, p]) => {
  const w = window as any
  w.__rpc ??= {}
  w.modal.getWalletProvider().request({ method: m, params: p }).then(
    (result: unknown) => (w.__rpc[k] = { result }),
    (error: any) => (w.__rpc[k] = { error: { code: error?.code, message: error?.message } }),
  )
}, [key, method, params] as const)
const outcome = async (key: string) => {
  await page.waitForFunction((k) => (window as any).__rpc?.[k], key, { timeout: 30_000 })
  return page.evaluate((k) => (window as any).__rpc[k], key)
}
const approve = () => secureFrame(page).locator('[data-testid=w3m-frame-approve]')
const frameStyle = (css: string) => page.locator('iframe#w3m-iframe').evaluate((el, c) => el.setAttribute('style', `${el.getAttribute('style') ?? ''};${c}`), css)

/** WCAG contrast of two computed rgb() colours. */
function contrastOf(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => {
      const s = Number(n) / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/embedded.html', embeddedPage(e2e.stack, "defaultAccountTypes: { eip155: 'eoa' }, themeVariables: { '--w3m-accent': '#fff' },"))
  ;({ page } = await e2e.newPage())
  address = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/embedded.html`, 'clickjack@example.com') as `0x${string}`
})
test.after(async () => {
  await e2e?.stop()
})

test('attack: a frame set to opacity 0 under the pointer does not approve; made visible again, Approve works after its delay', async () => {
  await start('hidden', 'personal_sign', ['0x7472616e7366657220616c6c', address])
  // Seen first (Approve enabled), then hidden: the frame hears of it from IntersectionObserver v2
  // after the observer's delay, later on a loaded machine, and turns Approve off.
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:enabled').waitFor()
  await frameStyle('opacity: 0 !important')
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:disabled').waitFor()
  const box = (await approve().boundingBox())!
  // The decoy's click lands where Approve is, as a visitor's would.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.waitForTimeout(700)
  assert.is(await page.evaluate(() => (window as any).__rpc?.hidden), undefined, 'the click approved nothing')
  assert.ok(await approve().isDisabled())

  await frameStyle('opacity: 1 !important')
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:enabled').waitFor()
  await approve().click()
  assert.match((await outcome('hidden')).result, /^0x[0-9a-f]{130}$/)
})

test('attack: a frame squeezed until the request\'s details get almost no room, its buttons in plain view, does not approve; at full size it does', async () => {
  // The page squeezes the frame before the request comes: the buttons stay whole and visible, the
  // twelve lines of the message between them get a sliver.
  await page.addStyleTag({ content: 'iframe#w3m-iframe { height: 240px !important }' }).then((tag) => tag.evaluate((el) => ((el as HTMLElement).id = 'squeeze')))
  const message = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of what this signature allows`).join('\n')
  await start('small', 'personal_sign', [`0x${Buffer.from(message).toString('hex')}`, address])
  const frame = secureFrame(page)
  await frame.locator('[data-testid=w3m-frame-approve]:enabled, [data-testid=w3m-frame-too-small]:visible').first().waitFor()
  const box = (await approve().boundingBox())!
  const frameBox = (await page.locator('iframe#w3m-iframe').boundingBox())!
  assert.ok(box.y + box.height <= frameBox.y + frameBox.height, 'the buttons are in view')
  assert.ok(await approve().isDisabled(), 'Approve works in a frame that shows a sliver of the request')
  assert.is(await frame.locator('[data-testid=w3m-frame-too-small]').textContent(), TOO_SMALL)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.waitForTimeout(700)
  assert.is(await page.evaluate(() => (window as any).__rpc?.small), undefined, 'the click approved nothing')

  await page.evaluate(() => document.getElementById('squeeze')!.remove())
  await frame.locator('[data-testid=w3m-frame-approve]:enabled').waitFor()
  assert.not.ok(await frame.locator('[data-testid=w3m-frame-too-small]').isVisible())
  await approve().click()
  assert.match((await outcome('small')).result, /^0x[0-9a-f]{130}$/)
})

test('attack: a white accent, and theme values that are not colours, leave Approve with AA contrast', async () => {
  // The page's own theme (--w3m-accent #fff) plus a forged SYNC_THEME with values that are no colours.
  const secureOrigin = new URL(e2e.stack.config.secureSiteUrl).origin
  await page.locator('iframe#w3m-iframe').evaluate((el, origin) => (el as HTMLIFrameElement).contentWindow!.postMessage({ id: crypto.randomUUID(), type: '@w3m-app/SYNC_THEME',
    payload: { themeVariables: { '--w3m-accent': '#fff', '--w3m-font-family': 'x; background: url(https://evil.test/a.png)', '--w3m-border-radius-master': 'var(--x)' } } }, origin), secureOrigin)
  await start('pale', 'personal_sign', ['0x68656c6c6f', address])
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:enabled').waitFor()
  const { background, color, font } = await approve().evaluate((el) => {
    const s = getComputedStyle(el)
    return { background: s.backgroundColor, color: s.color, font: getComputedStyle(document.body).fontFamily }
  })
  assert.ok(contrastOf(background, color) >= 4.5, `${color} on ${background}`)
  assert.not.match(font, /url|evil/)
  await secureFrame(page).locator('[data-testid=w3m-frame-reject]').click()
  assert.is((await outcome('pale')).error.code, 4001)
})

test('attack: the dashboard refuses to render inside a frame', async () => {
  const secure = e2e.stack.config.secureSiteUrl
  const dashboard = await fetch(`${secure}/dashboard.html`)
  assert.is(dashboard.headers.get('content-security-policy'), "frame-ancestors 'none'")

  await page.evaluate((src) => new Promise((resolve) => {
    const f = document.createElement('iframe')
    f.id = 'framed-dashboard'
    f.src = src
    f.onload = resolve
    document.body.append(f)
  }), `${secure}/dashboard.html`)
  await page.waitForTimeout(500)
  const framed = page.frames().find((f) => f.url().startsWith(`${secure}/dashboard.html`))
  const rendered = framed ? await framed.evaluate(() => !!document.querySelector('main')).catch(() => false) : false
  assert.is(rendered, false, 'the dashboard rendered inside the frame')
})

test("attack: a page off the project's allowed list that embeds the frame page itself gets a frame the browser refused: no document, no message", async () => {
  const secure = e2e.stack.config.secureSiteUrl
  const frameUrl = `${secure}/?${new URLSearchParams({ projectId: e2e.stack.config.projectId, chainId: 'eip155:1', version: 'html-postern-0.1.0', enableLogger: 'true' })}`
  // The page skips the modal (and its question to the API): it frames the secure site directly
  // and listens for anything the frame says.
  e2e.stack.web.setPage('/t/framer.html', `<!doctype html><html><body><script>
    window.__messages = []
    addEventListener('message', (e) => e.origin === ${JSON.stringify(new URL(secure).origin)} && window.__messages.push(e.data && e.data.type))
    const f = document.createElement('iframe')
    f.src = ${JSON.stringify(frameUrl)}
    document.body.append(f)
  </script></body></html>`)
  const visit = async () => {
    const { page: framer } = await e2e.newPage()
    await framer.goto(`${e2e.stack.web.url}/t/framer.html`)
    await framer.waitForTimeout(3000)
    const loaded = await Promise.all(framer.frames().filter((f) => f !== framer.mainFrame())
      .map((f) => f.evaluate(() => location.origin + (document.querySelector('script[src]') ? ' with script' : '')).catch(() => 'no document')))
    return { messages: await framer.evaluate(() => (window as any).__messages as string[]), loaded }
  }
  e2e.stack.api.setAllowedOrigins(['https://shop.example'])
  try {
    const refused = await visit()
    assert.equal(refused.messages, [], 'the refused frame said nothing (without frame-ancestors it loads and posts UNVERIFIED_DOMAIN)')
    assert.not.ok(refused.loaded.some((o) => o.startsWith(new URL(secure).origin)), `no secure document loaded: ${refused.loaded}`)
  } finally {
    e2e.stack.api.setAllowedOrigins(DEFAULT_ALLOWED_ORIGINS)
  }
  // The same page on an allowed origin: the frame loads and says it is ready.
  const allowed = await visit()
  assert.equal(allowed.messages, ['@w3m-frame/READY'])
})

test.run()
