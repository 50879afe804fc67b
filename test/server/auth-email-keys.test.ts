// The embedded wallet's key routes on the real auth service: a session token alone keeps the
// session but gets no share (only a code redeemed in the last 5 minutes does), the sealed share is
// bound to its user and demands its whole tag, the service will not start without a wrapping key,
// "log out everywhere" ends every session of the user, and passkey mode deletes the sealed copy.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { seal, unseal } from '../../server/auth-email/seal.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer }>('server auth-email keys', {} as never)
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
const codeFor = (mail: MailServer, email: string) => /\b(\d{6})\b/.exec(mail.messages.find((m) => m.to.includes(email))?.subject ?? '')?.[1]
/** One browser (its device id) logging in the way the secure frame does: a fresh one-time secret per login. */
const deviceId = newDeviceId()
async function login(ctx: { api: ApiServer; mail: MailServer }, email: string): Promise<string> {
  const { secret, secretHash } = loginSecret()
  await post(ctx, '/auth/v1/email/start', { email, deviceId, secretHash })
  const { json } = await post(ctx, '/auth/v1/email/verify', { email, otp: codeFor(ctx.mail, email), deviceId, secret })
  return json.token
}
const share = (byte: string) => '0x' + byte.repeat(32)
/** The session's proof as if it was redeemed `ms` ago (the clock the routes read is the real one). */
const age = (ctx: { api: ApiServer }, ms: number) => ctx.api.db.query('UPDATE embedded_sessions SET proven_at = proven_at - $1', [ms])

test('attack: a session token whose code is 5 minutes old keeps the session but gets no share', async (ctx) => {
  const token = await login(ctx, 'stale@example.com')
  const key = { address: '0x' + '33'.repeat(20), authShare: share('aa'), recoveryShare: share('bb') }
  assert.is((await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })).status, 200)
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token })).json.key, key, 'fresh: the shares')
  await age(ctx, 5 * 60_000)
  const stale = await post(ctx, '/auth/v1/embedded/key', { token })
  assert.equal(stale, { status: 403, json: { reason: 'Confirm it is you: log in again with a new code.' } })
  assert.not.match(JSON.stringify(stale.json), /aaaa|bbbb/)
  // The session itself stands: who and which address, no share.
  assert.equal(await post(ctx, '/auth/v1/embedded/session', { token }), { status: 200, json: { email: 'stale@example.com', address: key.address, passkey: false } })
  assert.is((await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })).status, 403)
  assert.is((await post(ctx, '/auth/v1/embedded/passkey', { token, credentialId: 'A'.repeat(22), salt: 'B'.repeat(43), sealed: `${'C'.repeat(16)}.${'D'.repeat(64)}` })).status, 403)
  // A new code opens a fresh session that gets them again.
  await ctx.api.db.query("UPDATE email_codes SET sent_at = 0 WHERE email = 'stale@example.com'")
  ctx.mail.messages.length = 0
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: await login(ctx, 'stale@example.com') })).json.key, key)
})

test('attack: a sealed share copied onto another user\'s row does not open, even with the service\'s own key', async (ctx) => {
  const victim = await login(ctx, 'victim@example.com')
  const thief = await login(ctx, 'thief@example.com')
  await post(ctx, '/auth/v1/embedded/key/new', { token: victim, address: '0x' + '44'.repeat(20), authShare: share('cc'), recoveryShare: share('dd') })
  await post(ctx, '/auth/v1/embedded/key/new', { token: thief, address: '0x' + '55'.repeat(20), authShare: share('ee'), recoveryShare: share('ff') })
  // Someone who can write the database moves the victim's shares onto the thief's user.
  await ctx.api.db.query(`UPDATE embedded_keys SET (address, auth_share, recovery_share_sealed) =
    (SELECT k.address, k.auth_share, k.recovery_share_sealed FROM embedded_keys k JOIN embedded_users u ON u.id = k.user_id WHERE u.email = 'victim@example.com')
    WHERE user_id = (SELECT id FROM embedded_users WHERE email = 'thief@example.com')`)
  const moved = await post(ctx, '/auth/v1/embedded/key', { token: thief })
  assert.is(moved.status, 500)
  assert.not.match(JSON.stringify(moved.json), /dddd/)
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: victim })).json.key.recoveryShare, share('dd'))
})

test('attack: an e-mail change completes only within 5 minutes of a code this session redeemed', async (ctx) => {
  const token = await login(ctx, 'mover@example.com')
  await age(ctx, 10 * 60_000)
  ctx.mail.messages.length = 0
  const { secret, secretHash } = loginSecret()
  assert.is((await post(ctx, '/auth/v1/email/update', { token, email: 'moved@example.com', secretHash })).status, 200)
  // The current address's code renews the proof ...
  assert.is((await post(ctx, '/auth/v1/email/update/primary', { token, otp: codeFor(ctx.mail, 'mover@example.com'), secret })).status, 200)
  // ... for 5 minutes: a stale session does not complete the change.
  await age(ctx, 5 * 60_000)
  const late = await post(ctx, '/auth/v1/email/update/secondary', { token, otp: codeFor(ctx.mail, 'moved@example.com'), secret })
  assert.equal(late, { status: 403, json: { reason: 'Confirm it is you: log in again with a new code.' } })
  assert.is((await post(ctx, '/auth/v1/embedded/session', { token })).json.email, 'mover@example.com')
})

test('behavior: a seal opens only whole, with its key and for its user', () => {
  const key = randomBytes(32)
  const sealed = seal(key, share('12'), 'user-1')
  assert.is(unseal(key, sealed, 'user-1'), share('12'))
  assert.throws(() => unseal(key, sealed, 'user-2'))
  assert.throws(() => unseal(randomBytes(32), sealed, 'user-1'))
  // A tag cut to 4 bytes (GCM would accept short tags if asked to) is refused.
  const [v, iv, tag, body] = sealed.split('.')
  const short = [v, iv, Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url'), body].join('.')
  assert.throws(() => unseal(key, short, 'user-1'), /not a sealed share/)
})

test('behavior: log out everywhere ends every session of the user, and no one else\'s', async (ctx) => {
  const first = await login(ctx, 'everywhere@example.com')
  await ctx.api.db.query("UPDATE email_codes SET sent_at = 0 WHERE email = 'everywhere@example.com'")
  ctx.mail.messages.length = 0
  const second = await login(ctx, 'everywhere@example.com')
  const other = await login(ctx, 'bystander@example.com')
  assert.equal(await post(ctx, '/auth/v1/embedded/signout/all', { token: second }), { status: 200, json: { success: true, closed: 2 } })
  assert.is((await post(ctx, '/auth/v1/embedded/session', { token: first })).status, 401)
  assert.is((await post(ctx, '/auth/v1/embedded/session', { token: second })).status, 401)
  assert.is((await post(ctx, '/auth/v1/embedded/session', { token: other })).status, 200)
})

test('behavior: passkey mode keeps the passkey\'s copy and deletes the sealed one; the shares then name the passkey', async (ctx) => {
  const token = await login(ctx, 'passkey@example.com')
  await post(ctx, '/auth/v1/embedded/key/new', { token, address: '0x' + '66'.repeat(20), authShare: share('01'), recoveryShare: share('02') })
  const passkey = { credentialId: 'cred_' + 'x'.repeat(20), salt: 's'.repeat(43), sealed: `${'i'.repeat(16)}.${'c'.repeat(64)}` }
  assert.is((await post(ctx, '/auth/v1/embedded/passkey', { token, ...passkey, sealed: 'not-sealed' })).status, 400)
  assert.is((await post(ctx, '/auth/v1/embedded/passkey', { token, ...passkey })).status, 200)
  const [row] = await ctx.api.db.query<{ recovery_share_sealed: string | null }>("SELECT recovery_share_sealed FROM embedded_keys k JOIN embedded_users u ON u.id = k.user_id WHERE u.email = 'passkey@example.com'")
  assert.is(row!.recovery_share_sealed, null)
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token })).json.key, { address: '0x' + '66'.repeat(20), authShare: share('01'), recoveryShare: null, passkey })
  assert.is((await post(ctx, '/auth/v1/embedded/session', { token })).json.passkey, true)
})

test.run()

const boot = suite('server auth-email: the wrapping key')
boot('attack: the service refuses to start the embedded wallet without a configured wrapping key', async () => {
  const mail = await startMailServer()
  try {
    let error: unknown
    await startApiServer({ chains: [], indexer: false, onrampSandbox: false, emailAuth: { smtp: mail.smtp } }).then((api) => api.stop(), (e) => { error = e })
    assert.match(String(error), /no share wrapping key configured/)
  } finally {
    await mail.stop()
  }
})
boot.run()
