// Changing an embedded wallet's e-mail on the auth service: the current address confirms a code,
// then the new one; the same user (and key) logs in with the new e-mail, not with the old one.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer }>('server auth-email update', {} as never)
const ORIGIN = 'http://127.0.0.1:4444'

test.before(async (ctx) => {
  ctx.mail = await startMailServer()
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, emailAuth: { smtp: ctx.mail.smtp, shareKey: randomBytes(32).toString('hex') } })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.mail?.stop()
})

const post = async (ctx: { api: ApiServer }, path: string, body: unknown) => {
  const res = await fetch(`${ctx.api.url}${path}?projectId=test`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
// The mail server lists the newest first: oldest first here, so mail n is mailsTo(...)[n - 1].
const mailsTo = (mail: MailServer, email: string) => mail.messages.filter((m) => m.to.includes(email)).reverse()
/** The code of the n-th mail to `email` (1-based), once the mail server has it. */
async function codeNo(mail: MailServer, email: string, n: number): Promise<string> {
  for (let i = 0; i < 100 && mailsTo(mail, email).length < n; i++) await new Promise((r) => setTimeout(r, 20))
  return /\b(\d{6})\b/.exec(mailsTo(mail, email)[n - 1]?.subject ?? '')![1]!
}
/** The one browser of these tests: a user's later logins come from a known device. */
const deviceId = newDeviceId()
async function login(ctx: { api: ApiServer; mail: MailServer }, email: string): Promise<string> {
  const n = mailsTo(ctx.mail, email).length + 1
  const { secret, secretHash } = loginSecret()
  await post(ctx, '/auth/v1/email/start', { email, deviceId, secretHash })
  return (await post(ctx, '/auth/v1/email/verify', { email, otp: await codeNo(ctx.mail, email, n), deviceId, secret })).json.token
}

test('behavior: primary code to the current address, secondary to the new one, then the new e-mail logs in to the same user', async (ctx) => {
  const token = await login(ctx, 'old@example.com')
  const key = { address: '0x' + '22'.repeat(20), authShare: '0x' + 'cc'.repeat(32), recoveryShare: '0x' + 'dd'.repeat(32) }
  await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })
  const { secret, secretHash } = loginSecret()
  assert.equal(await post(ctx, '/auth/v1/email/update', { token, email: 'New@Example.com', secretHash }), { status: 200, json: { action: 'VERIFY_PRIMARY_OTP' } })
  assert.is(ctx.mail.messages.filter((m) => m.to.includes('new@example.com')).length, 0, 'nothing to the new address before the current one confirms')
  // The secondary step cannot be skipped.
  assert.is((await post(ctx, '/auth/v1/email/update/secondary', { token, otp: '123456', secret })).status, 400)
  const primary = await codeNo(ctx.mail, 'old@example.com', 2)
  // The page sees this code typed: as a login code, or with another secret, it is worthless.
  const asLogin = await post(ctx, '/auth/v1/email/verify', { email: 'old@example.com', otp: primary, deviceId, secret: loginSecret().secret })
  assert.equal(asLogin, { status: 403, json: { reason: 'This login was started in another window. Log in again.' } })
  assert.is((await post(ctx, '/auth/v1/email/update/primary', { token, otp: primary, secret: loginSecret().secret })).status, 403)
  assert.equal(await post(ctx, '/auth/v1/email/update/primary', { token, otp: primary, secret }), { status: 200, json: { action: 'VERIFY_SECONDARY_OTP' } })
  const code = await codeNo(ctx.mail, 'new@example.com', 1)
  const wrong = code === '000000' ? '111111' : '000000'
  assert.equal(await post(ctx, '/auth/v1/email/update/secondary', { token, otp: wrong, secret }), { status: 400, json: { reason: 'Wrong code: 4 tries left.' } })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'new@example.com', otp: code, deviceId, secret })).status, 403, 'a change code is no login code')
  assert.equal(await post(ctx, '/auth/v1/email/update/secondary', { token, otp: code, secret }), { status: 200, json: { newEmail: 'new@example.com' } })
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token })).json, { email: 'new@example.com', key })
  const again = await login(ctx, 'new@example.com')
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: again })).json.key, key)
  // The old address is now a stranger: a login there makes a new user with no key.
  const old = await login(ctx, 'old@example.com')
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: old })).json, { email: 'old@example.com', key: null })
})

test('behavior: an address another wallet uses, the same address, a social login and a bad token are refused', async (ctx) => {
  const token = await login(ctx, 'ann@example.com')
  await login(ctx, 'ben@example.com')
  const { secretHash } = loginSecret()
  assert.equal(await post(ctx, '/auth/v1/email/update', { token, email: 'ben@example.com', secretHash }), { status: 409, json: { reason: 'This e-mail is already used by another wallet.' } })
  assert.equal(await post(ctx, '/auth/v1/email/update', { token, email: 'ann@example.com', secretHash }), { status: 400, json: { reason: 'This is already your e-mail.' } })
  assert.is((await post(ctx, '/auth/v1/email/update', { token: 'x'.repeat(43), email: 'zed@example.com', secretHash })).status, 401)
  assert.is((await post(ctx, '/auth/v1/email/update', { token, email: 'not an e-mail', secretHash })).status, 400)
})

test.run()
