// The page that embeds the modal is the attacker: its scripts see the e-mail and the code the visitor
// types. What it captures is worthless outside the secure frame that asked for the code, and
// guessing is capped per e-mail with a text the modal shows.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { codeFromInbox, openConnect, otpInput, submitEmail, withEmbeddedPage } from './embedded-page.ts'
import { loginSecret, newDeviceId } from '../server/login-secret.ts'

const test = suite('e2e: embedded wallet custody against its page')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

/** A call to the auth service from Node: any Origin it likes, or none. */
async function fromNode(path: string, body: unknown, origin?: string): Promise<{ status: number; json: Record<string, any> }> {
  const res = await fetch(`${e2e.stack.api.url}${path}?projectId=${e2e.stack.config.projectId}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(origin && { origin }) }, body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
const sessionCount = async () => Number((await e2e.stack.api.db.query<{ n: string }>('SELECT count(*) AS n FROM embedded_sessions'))[0]!.n)

test('attack: a page script captures the e-mail and the code typed into the modal; redeemed from Node with any Origin they give no session and no share; the visitor\'s login still works with the same code', async () => {
  const { page, errors } = await e2e.newPage()
  // The attacker's tag on the site: it reads every field typed into the page, shadow DOM or not.
  await page.addInitScript(() => {
    const w = window as any
    w.__captured = []
    document.addEventListener('input', (e) => {
      const field = e.composedPath()[0] as HTMLInputElement
      if (typeof field?.value === 'string') w.__captured.push(field.value)
    }, true)
  })
  const email = 'gil@example.com'
  await openConnect(page, url)
  await submitEmail(page, email)
  await otpInput(page).waitFor()
  const code = await codeFromInbox(e2e.browser, e2e.stack, email)
  await otpInput(page).fill(code.slice(0, 5))
  const captured: string[] = await page.evaluate(() => (window as any).__captured)
  assert.ok(captured.includes(email), `the page saw the e-mail: ${captured}`)
  assert.ok(captured.some((v) => code.startsWith(v) && v.length === 5), `the page sees the code as it is typed: ${captured}`)

  // The attacker redeems it first, from Node, with the secure site's origin, the page's, or none.
  const before = await sessionCount()
  for (const origin of [e2e.stack.secure.url, new URL(url).origin, undefined]) {
    for (const extra of [{}, { deviceId: newDeviceId(), secret: loginSecret().secret }]) {
      const res = await fromNode('/auth/v1/email/verify', { email, otp: code, ...extra }, origin)
      assert.ok([400, 403].includes(res.status), `refused: ${JSON.stringify(res)}`)
      assert.not.ok(res.json.token, 'no session token')
    }
  }
  assert.is(await sessionCount(), before, 'no session opened, so no share can be fetched')

  // The visitor finishes typing the same code: logged in.
  await otpInput(page).fill(code)
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await sessionCount(), before + 1)
  assert.equal(errors, [])
})

test('attack: the 11th wrong code for one e-mail within an hour is refused after a new code was asked for, and the modal says how long to wait', async () => {
  const email = 'hal.custody@example.com'
  const secure = e2e.stack.secure.url
  // A guesser with its own logins for the address (a new one, so it gets codes): 10 wrong codes over two codes.
  const deviceId = newDeviceId()
  const statuses: number[] = []
  for (let round = 0; round < 2; round++) {
    await e2e.stack.api.db.query('UPDATE email_codes SET sent_at = 0') // the 30 s between codes, passed
    const { secret, secretHash } = loginSecret()
    assert.equal((await fromNode('/auth/v1/email/start', { email, deviceId, secretHash }, secure)).json, { action: 'VERIFY_OTP' })
    for (let i = 0; i < 5; i++) statuses.push((await fromNode('/auth/v1/email/verify', { email, otp: '000000', deviceId, secret }, secure)).status)
  }
  assert.equal(statuses.filter((s) => s === 429), [], `${statuses}`)

  // The visitor asks for a new code in the modal: the cap holds across codes.
  await e2e.stack.api.db.query('UPDATE email_codes SET sent_at = 0')
  const { page } = await e2e.newPage()
  await openConnect(page, url)
  await submitEmail(page, email)
  await otpInput(page).waitFor()
  const code = await codeFromInbox(e2e.browser, e2e.stack, email, 2)
  const error = page.locator('w3m-modal [data-testid=w3m-otp-error]')
  await otpInput(page).fill(code === '000000' ? '111111' : '000000')
  await error.filter({ hasText: /^Too many attempts\. Try again in (60|59) minutes$/ }).waitFor()
  // Even the right code now waits.
  await otpInput(page).fill(code)
  await page.waitForTimeout(500)
  await error.filter({ hasText: /^Too many attempts\. Try again in (60|59) minutes$/ }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
})

test.run()
