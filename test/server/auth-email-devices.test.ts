// Device verification on the auth service: a user's first device logs in by code; another device
// gets a mailed link first (no code, and a code cannot be used), and once the link is spent the
// code follows and the device is known from then on. A link works once.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'

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

test('behavior: the first device logs in by code; a second needs the mailed link, then its code; then it is known', async (ctx) => {
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: A })).json, { action: 'VERIFY_OTP' })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: code(await mail(ctx, 'dee@example.com', 1)), deviceId: A })).status, 200)

  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B })).json, { action: 'VERIFY_DEVICE' })
  const again = await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B })
  assert.is(again.status, 429, 'links are throttled as codes are')
  assert.match(again.json.reason, /^Please try again after (30|29) seconds$/)
  const link = await mail(ctx, 'dee@example.com', 2)
  assert.is(link.subject, 'Approve this device to log in')
  const url = new URL(/(http\S+)/.exec(link.text)![1]!)
  assert.is(`${url.origin}${url.pathname}`, `${ORIGIN}/device.html`)
  const denied = await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: '123456', deviceId: B })
  assert.equal(denied, { status: 403, json: { reason: 'This device is not verified yet: approve it with the link we sent.' } })
  assert.equal((await post(ctx, '/auth/v1/device/status', { email: 'dee@example.com', deviceId: B })).json, { approved: false })

  const token = url.searchParams.get('token')
  assert.equal(await post(ctx, '/auth/v1/device/approve', { token }), { status: 200, json: { email: 'dee@example.com' } })
  assert.equal((await post(ctx, '/auth/v1/device/status', { email: 'dee@example.com', deviceId: B })).json, { approved: true })
  assert.is((await post(ctx, '/auth/v1/device/approve', { token })).status, 400, 'a link works once')
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'dee@example.com', otp: code(await mail(ctx, 'dee@example.com', 3)), deviceId: B })).status, 200)

  // Both devices are known now; a third is not.
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'dee@example.com', deviceId: B })).json, { action: 'VERIFY_OTP' })
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'eve@example.com', deviceId: A })).json, { action: 'VERIFY_OTP' })
  assert.is((await post(ctx, '/auth/v1/email/verify', { email: 'eve@example.com', otp: code(await mail(ctx, 'eve@example.com', 1)), deviceId: A })).status, 200)
  assert.equal((await post(ctx, '/auth/v1/email/start', { email: 'eve@example.com', deviceId: 'c'.repeat(64) })).json, { action: 'VERIFY_DEVICE' })
})

test.run()
