// Device verification on the auth service: a user's first device logs in by code; another device
// gets a mailed link first (no code, and a code cannot be used), and once the link is spent the
// code follows and the device is known from then on. A link works once, and its code goes to the
// login that asked for it. A start with no device id, or one the user never approved, never gets a code.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { loginSecret } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer }>('server auth-email devices', {} as never)
const ORIGIN = 'http://127.0.0.1:4444'
const A = 'a'.repeat(64)
const B = 'b'.repeat(64)

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
// Newest first in the mail server: the n-th mail to an address, oldest first, once it arrived.
async function mail(ctx: { mail: MailServer }, to: string, n: number) {
  const list = () => ctx.mail.messages.filter((m) => m.to.includes(to)).reverse()
  for (let i = 0; i < 100 && list().length < n; i++) await new Promise((r) => setTimeout(r, 20))
  return list()[n - 1]!
}
const code = (m: { subject: string }) => /\b(\d{6})\b/.exec(m.subject)![1]!
const mailCount = (ctx: { mail: MailServer }, to: string) => ctx.mail.messages.filter((m) => m.to.includes(to)).length
/** One login's secret, as the secure frame makes it: the hash for the start, the secret for the rest. */
const login = () => {
  const { secret, secretHash } = loginSecret()
  return { start: { secretHash }, proof: { secret } }
}

test('behavior: the first device logs in by code; a second needs the mailed link, then its code; then it is known', async (ctx) => {
  const a = login()
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: A, ...a.start })).json, { action: 'VERIFY_OTP' })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: code(await mail(ctx, 'dee@example.com', 1)), deviceId: A, ...a.proof })).status, 200)

  const b = login()
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B, ...b.start })).json, { action: 'VERIFY_DEVICE' })
  const again = await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B, ...login().start })
  assert.is(again.status, 429, 'links are throttled as codes are')
  assert.match(again.json.reason, /^Please try again after (30|29) seconds$/)
  const link = await mail(ctx, 'dee@example.com', 2)
  assert.is(link.subject, 'Approve this device to log in')
  const url = new URL(/(http\S+)/.exec(link.text)![1]!)
  assert.is(`${url.origin}${url.pathname}`, `${ORIGIN}/device.html`)
  const denied = await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: '123456', deviceId: B, ...b.proof })
  assert.equal(denied, { status: 400, json: { reason: 'No code is pending for this e-mail. Ask for a new code.' } })
  assert.equal((await post(ctx, '/auth/v1/device/status', { email: 'dee@example.com', deviceId: B, ...b.proof })).json, { approved: false })

  const token = url.searchParams.get('token')
  assert.equal(await post(ctx, '/auth/v1/device/approve', { token }), { status: 200, json: { email: 'dee@example.com' } })
  assert.equal((await post(ctx, '/auth/v1/device/status', { email: 'dee@example.com', deviceId: B, ...b.proof })).json, { approved: true })
  assert.equal((await post(ctx, '/auth/v1/device/status', { email: 'dee@example.com', deviceId: B, ...login().proof })).json, { approved: false }, 'only the login that asked learns of the approval')
  assert.is((await post(ctx, '/auth/v1/device/approve', { token })).status, 400, 'a link works once')
  const approvedCode = code(await mail(ctx, 'dee@example.com', 3))
  // The approval's code is for device B's login: not for another login, not for device A.
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: approvedCode, deviceId: B, ...login().proof })).status, 403)
  assert.equal(await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: approvedCode, deviceId: A, ...b.proof }),
    { status: 403, json: { reason: 'This device is not verified yet: approve it with the link we sent.' } })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: approvedCode, deviceId: B, ...b.proof })).status, 200)

  // Both devices are known now; a third is not.
  await ctx.api.db.query('UPDATE email_codes SET sent_at = 0') // the 30 s between codes, passed
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B, ...login().start })).json, { action: 'VERIFY_OTP' })
  const e = login()
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'eve@example.com', deviceId: A, ...e.start })).json, { action: 'VERIFY_OTP' })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'eve@example.com', otp: code(await mail(ctx, 'eve@example.com', 1)), deviceId: A, ...e.proof })).status, 200)
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'eve@example.com', deviceId: 'c'.repeat(64), ...login().start })).json, { action: 'VERIFY_DEVICE' })
})

test('attack: a start for a registered e-mail without a device id, or with one the user never approved, gets VERIFY_DEVICE and no code', async (ctx) => {
  const f = login()
  await post(ctx, '/auth/v1/email/start', { email: 'fay@example.com', deviceId: A, ...f.start })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'fay@example.com', otp: code(await mail(ctx, 'fay@example.com', 1)), deviceId: A, ...f.proof })).status, 200)
  await ctx.api.db.query('UPDATE email_codes SET sent_at = 0') // the 30 s between codes, passed
  const mailed = mailCount(ctx, 'fay@example.com')
  assert.equal(await post(ctx, '/auth/v1/email/start', { email: 'fay@example.com', ...login().start }), { status: 200, json: { action: 'VERIFY_DEVICE' } })
  assert.equal(await post(ctx, '/auth/v1/email/start', { email: 'fay@example.com', deviceId: B, ...login().start }), { status: 200, json: { action: 'VERIFY_DEVICE' } })
  await new Promise((r) => setTimeout(r, 300))
  const codes = ctx.mail.messages.filter((m) => m.to.includes('fay@example.com')).slice(0, mailCount(ctx, 'fay@example.com') - mailed)
  assert.equal(codes.map((m) => m.subject), ['Approve this device to log in'], 'one link (for device B), no code')
  // A verify without a device id is refused outright.
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'fay@example.com', otp: '123456', ...f.proof })).status, 400)
})

test.run()
