// The embedded wallet's e-mail auth service on PGlite with the local mail server: codes mailed,
// single use, throttled, locked after wrong tries; sessions; key shares sealed at rest.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer }>('server auth-email', {} as never)
const ORIGIN = 'http://127.0.0.1:4444'

test.before(async (ctx) => {
  ctx.mail = await startMailServer()
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, emailAuth: { smtp: ctx.mail.smtp, shareKey: randomBytes(32).toString('hex') } })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.mail?.stop()
})

const post = async (ctx: { api: ApiServer }, path: string, body: unknown, origin = ORIGIN) => {
  const res = await fetch(`${ctx.api.url}${path}?projectId=test`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
const codeFor = (mail: MailServer, email: string) => /\b(\d{6})\b/.exec(mail.messages.find((m) => m.to.includes(email))?.subject ?? '')?.[1]
/** A login as the secure frame makes it: this device's id, and a secret whose hash goes with the start. */
const frame = (deviceId = newDeviceId()) => {
  const { secret, secretHash } = loginSecret()
  return { deviceId, secretHash, secret, start: { deviceId, secretHash }, proof: { deviceId, secret } }
}

test('behavior: a mailed code opens a session once; a second code within 30 s is throttled with the spec text', async (ctx) => {
  const f = frame()
  const start = await post(ctx, '/auth/v1/email/start', { email: 'Alice@Example.com', ...f.start })
  assert.equal(start, { status: 200, json: { action: 'VERIFY_OTP' } })
  const code = codeFor(ctx.mail, 'alice@example.com')
  assert.ok(code, 'the code arrived in the inbox')
  const again = await post(ctx, '/auth/v1/email/start', { email: 'alice@example.com', ...f.start })
  assert.is(again.status, 429)
  assert.match(again.json.reason, /^Please try again after (30|29) seconds$/)
  const ok = await post(ctx, '/auth/v1/email/verify', { email: 'alice@example.com', otp: code, ...f.proof })
  assert.is(ok.status, 200)
  assert.is(ok.json.email, 'alice@example.com')
  const reuse = await post(ctx, '/auth/v1/email/verify', { email: 'alice@example.com', otp: code, ...f.proof })
  assert.is(reuse.status, 400)
  assert.match(reuse.json.reason, /No code is pending/)
})

test('behavior: wrong codes say how many tries are left, then lock even the right code', async (ctx) => {
  const f = frame()
  await post(ctx, '/auth/v1/email/start', { email: 'bob@example.com', ...f.start })
  const code = codeFor(ctx.mail, 'bob@example.com')!
  const wrong = code === '000000' ? '111111' : '000000'
  const first = await post(ctx, '/auth/v1/email/verify', { email: 'bob@example.com', otp: wrong, ...f.proof })
  assert.equal(first, { status: 400, json: { reason: 'Wrong code: 4 tries left.' } })
  for (let i = 0; i < 4; i++) await post(ctx, '/auth/v1/email/verify', { email: 'bob@example.com', otp: wrong, ...f.proof })
  const locked = await post(ctx, '/auth/v1/email/verify', { email: 'bob@example.com', otp: code, ...f.proof })
  assert.is(locked.status, 423)
  assert.match(locked.json.reason, /locked/)
})

test('behavior: key shares are kept per user, the recovery share sealed in the database; refused from a foreign origin', async (ctx) => {
  const f = frame()
  await post(ctx, '/auth/v1/email/start', { email: 'carol@example.com', ...f.start })
  const { json: { token } } = await post(ctx, '/auth/v1/email/verify', { email: 'carol@example.com', otp: codeFor(ctx.mail, 'carol@example.com'), ...f.proof })
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token })).json, { email: 'carol@example.com', key: null })
  const key = { address: '0x' + '11'.repeat(20), authShare: '0x' + 'aa'.repeat(32), recoveryShare: '0x' + 'bb'.repeat(32) }
  assert.is((await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })).status, 200)
  assert.is((await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })).status, 409)
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token })).json.key, key)
  const [row] = await ctx.api.db.query<{ recovery_share_sealed: string }>('SELECT recovery_share_sealed FROM embedded_keys')
  assert.not.match(row!.recovery_share_sealed, /bb{8}/)
  assert.is((await post(ctx, '/auth/v1/embedded/key', { token }, 'https://evil.example')).status, 403)
  await post(ctx, '/auth/v1/embedded/signout', { token })
  assert.is((await post(ctx, '/auth/v1/embedded/key', { token })).status, 401)
})

test.run()

const restart = suite('server auth-email across a restart')
restart('behavior: with the same database and wrapping-key file, a new server returns the same shares; with another key it cannot open them', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const dir = mkdtempSync(`${tmpdir()}/postern-auth-`)
  const mail = await startMailServer()
  const start = (keyFile: string) => startApiServer({ chains: [], indexer: false, onrampSandbox: false, dataDir: `${dir}/db`, emailAuth: { smtp: mail.smtp, shareKeyFile: keyFile } })
  try {
    let api = await start(`${dir}/share.key`)
    const ctx = { api }
    const f = frame()
    await post(ctx, '/auth/v1/email/start', { email: 'dora@example.com', ...f.start })
    const { json: { token } } = await post(ctx, '/auth/v1/email/verify', { email: 'dora@example.com', otp: codeFor(mail, 'dora@example.com'), ...f.proof })
    const key = { address: '0x' + '22'.repeat(20), authShare: '0x' + 'cc'.repeat(32), recoveryShare: '0x' + 'dd'.repeat(32) }
    await post(ctx, '/auth/v1/embedded/key/new', { token, ...key })
    await api.stop()
    api = await start(`${dir}/share.key`)
    assert.equal((await post({ api }, '/auth/v1/embedded/key', { token })).json.key, key)
    await api.stop()
    api = await start(`${dir}/other.key`)
    assert.equal(await post({ api }, '/auth/v1/embedded/key', { token }), { status: 500, json: { reason: "key: the recovery share cannot be opened with this service's wrapping key" } })
    await api.stop()
  } finally {
    await mail.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
restart.run()
