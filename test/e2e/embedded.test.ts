// The embedded wallet by e-mail, as a visitor: the code from the inbox page, the frame on the secure
// site's origin, the same address on a fresh profile, the 30 s throttle, wrong codes then locked.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { codeFromInbox, loginByEmail, mailCount, openConnect, otpInput, recordEvents, secureFrame, submitEmail, withEmbeddedPage } from './embedded-page.ts'
import { DEFAULT_ALLOWED_ORIGINS } from '../../server/index.ts'

const test = suite('e2e: embedded wallet by e-mail')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

test('behavior: e-mail → code from the inbox → connected, with the frame on the secure origin; the same e-mail on a fresh profile gets the same address', async () => {
  const { page, errors } = await e2e.newPage()
  await recordEvents(page)
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'ada@example.com')
  assert.match(address, /^0x[0-9a-fA-F]{40}$/)
  const frame = page.locator('iframe#w3m-iframe')
  assert.is(await frame.getAttribute('name'), 'w3m-secure-iframe')
  const src = new URL((await frame.getAttribute('src'))!)
  assert.is(src.origin, e2e.stack.secure.url)
  assert.is.not(src.origin, new URL(url).origin)
  assert.is(src.searchParams.get('projectId'), e2e.stack.config.projectId)
  const events: string[] = await page.evaluate(() => (window as any).__events)
  for (const name of ['EMAIL_LOGIN_SELECTED', 'EMAIL_SUBMITTED', 'EMAIL_VERIFICATION_CODE_SENT', 'EMAIL_VERIFICATION_CODE_PASS', 'CONNECT_SUCCESS']) assert.ok(events.includes(name), `${name} in ${events}`)
  const stored = await page.evaluate(() => ({ used: localStorage.getItem('@postern/email_login_used'), email: localStorage.getItem('@postern/email') }))
  assert.equal(stored, { used: 'true', email: '"ada@example.com"' })
  // Neither the code's secret nor a key reaches the site's page: its storage holds no 32-byte hex.
  const pageStorage = await page.evaluate(() => JSON.stringify(localStorage))
  assert.not.match(pageStorage, /0x[0-9a-f]{64}/)

  const fresh = await e2e.newPage()
  assert.is(await loginByEmail(fresh.page, e2e.browser, e2e.stack, url, 'ada@example.com'), address)
  assert.equal(errors, [])

  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  assert.equal(await page.evaluate(() => [localStorage.getItem('@postern/email_login_used'), localStorage.getItem('@postern/email')]), [null, null])
})

test('behavior: a second code within 30 s shows the throttle text', async () => {
  const { page } = await e2e.newPage()
  await openConnect(page, url)
  await submitEmail(page, 'bea@example.com')
  await otpInput(page).waitFor()
  await page.locator('w3m-modal button', { hasText: 'Resend code' }).click()
  await page.locator('w3m-modal [data-testid=w3m-otp-error]', { hasText: /^Please try again after (30|29|28) seconds$/ }).waitFor()
  assert.is(mailCount(e2e.stack, 'bea@example.com'), 1)
})

test('behavior: wrong codes give a clear error with the tries left, then the code is locked', async () => {
  const { page } = await e2e.newPage()
  await openConnect(page, url)
  await submitEmail(page, 'cyd@example.com')
  await otpInput(page).waitFor()
  const code = await codeFromInbox(e2e.browser, e2e.stack, 'cyd@example.com')
  const wrong = code === '000000' ? '111111' : '000000'
  const error = page.locator('w3m-modal [data-testid=w3m-otp-error]')
  await otpInput(page).fill(wrong)
  await error.filter({ hasText: 'Wrong code: 4 tries left.' }).waitFor()
  for (const left of ['3 tries', '2 tries', '1 try']) {
    await otpInput(page).fill(wrong)
    await error.filter({ hasText: `Wrong code: ${left} left.` }).waitFor()
  }
  await otpInput(page).fill(wrong)
  await error.filter({ hasText: 'Too many wrong codes: this code is locked. Ask for a new code.' }).waitFor()
  await otpInput(page).fill(code)
  await error.filter({ hasText: 'locked' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.ok(await dialog(page).isVisible())
})

test('behavior: the theme reaches the frame when it loads and when the site changes it', async () => {
  const { page } = await e2e.newPage()
  await openConnect(page, url)
  await page.evaluate(() => (window as any).modal.setThemeMode('dark'))
  await secureFrame(page).locator('html.dark').waitFor({ state: 'attached' })
  await page.evaluate(() => (window as any).modal.setThemeMode('light'))
  await secureFrame(page).locator('html:not(.dark)').waitFor({ state: 'attached' })
})

test("behavior: an origin off the project's allowed list gets unverified_domain, no frame is loaded and no code is mailed", async () => {
  e2e.stack.api.setAllowedOrigins(['https://shop.example'])
  try {
    const { page } = await e2e.newPage()
    await openConnect(page, url)
    await submitEmail(page, 'dan@example.com')
    await page.locator('w3m-modal [data-testid=w3m-email-error]', { hasText: 'unverified_domain' }).waitFor()
    assert.is(mailCount(e2e.stack, 'dan@example.com'), 0)
    // The modal asked the API first: the frame, which the browser would block by its
    // frame-ancestors (and so could never say unverified_domain itself), is not even added.
    assert.is(await page.locator('iframe#w3m-iframe').count(), 0)
  } finally {
    e2e.stack.api.setAllowedOrigins(DEFAULT_ALLOWED_ORIGINS)
  }
})

test.run()
