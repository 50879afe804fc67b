// The attacker is the page that embeds the secure frame: it sees the e-mail and the code the visitor
// types, and can call the auth service from anywhere with any Origin. A login is bound to the frame
// that started it (the SHA-256 of its one-time secret went with the start): what the page captured
// opens no session and no share, and does not spend the visitor's code or tries.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { startOidcProvider, type OidcServer } from '../../dev/oidc/index.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer; oidc: OidcServer }>('server auth-email binding', {} as never)
const SECURE = 'http://127.0.0.1:4444'

test.before(async (ctx) => {
  ctx.mail = await startMailServer()
  ctx.oidc = await startOidcProvider({ redirectUris: [`${SECURE}/callback.html`] })
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, emailAuth: { smtp: ctx.mail.smtp, oidcIssuer: ctx.oidc.issuer, shareKey: randomBytes(32).toString('hex') } })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.oidc?.stop()
  await ctx.mail?.stop()
})

const post = async (ctx: { api: ApiServer }, path: string, body: unknown, origin?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(origin && { origin }) }
  const res = await fetch(`${ctx.api.url}${path}?projectId=test`, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
async function codeNo(mail: MailServer, email: string, n: number): Promise<string> {
  const list = () => mail.messages.filter((m) => m.to.includes(email)).reverse()
  for (let i = 0; i < 100 && list().length < n; i++) await new Promise((r) => setTimeout(r, 20))
  return /\b(\d{6})\b/.exec(list()[n - 1]!.subject)![1]!
}
const sessions = async (ctx: { api: ApiServer }) => Number((await ctx.api.db.query<{ n: string }>('SELECT count(*) AS n FROM embedded_sessions'))[0]!.n)

test('attack: the e-mail and code the page saw, redeemed from Node with any Origin, give no session and no share; the frame\'s own login still works with the same code', async (ctx) => {
  const email = 'victim@example.com'
  const deviceId = newDeviceId()
  // The visitor's first login makes the wallet (the frame holds the device id and the secret).
  const first = loginSecret()
  await post(ctx, '/auth/v1/email/start', { email, deviceId, secretHash: first.secretHash }, SECURE)
  const { json: { token } } = await post(ctx, '/auth/v1/email/verify', { email, otp: await codeNo(ctx.mail, email, 1), deviceId, secret: first.secret }, SECURE)
  const key = { address: '0x' + '33'.repeat(20), authShare: '0x' + 'ee'.repeat(32), recoveryShare: '0x' + 'ff'.repeat(32) }
  assert.is((await post(ctx, '/auth/v1/embedded/key/new', { token, ...key }, SECURE)).status, 200)

  // The next login: the page captures the e-mail and the code typed into its modal.
  await ctx.api.db.query('UPDATE email_codes SET sent_at = 0') // the 30 s between codes, passed
  const visitor = loginSecret()
  assert.equal((await post(ctx, '/auth/v1/email/start', { email, deviceId, secretHash: visitor.secretHash }, SECURE)).json, { action: 'VERIFY_OTP' })
  const code = await codeNo(ctx.mail, email, 2)
  const before = await sessions(ctx)
  const attempts = [
    { email, otp: code },
    { email, otp: code, deviceId },
    { email, otp: code, deviceId, secret: loginSecret().secret },
    { email, otp: code, deviceId: newDeviceId(), secret: loginSecret().secret },
    { email, otp: code, deviceId, secret: visitor.secretHash },
  ]
  for (const origin of [SECURE, 'https://evil.example', undefined]) {
    for (const body of attempts) {
      const res = await post(ctx, '/auth/v1/email/verify', body, origin)
      assert.ok([400, 403].includes(res.status), `refused (${origin}): ${JSON.stringify(res)}`)
      assert.not.ok(res.json.token, 'no session token')
    }
  }
  assert.is(await sessions(ctx), before, 'no session was opened')
  // The visitor's frame, with its secret, still redeems the same code: it was neither spent nor locked.
  const own = await post(ctx, '/auth/v1/email/verify', { email, otp: code, deviceId, secret: visitor.secret }, SECURE)
  assert.is(own.status, 200)
  assert.equal((await post(ctx, '/auth/v1/embedded/key', { token: own.json.token }, SECURE)).json.key, key)
})

test('attack: the page cannot start its own login for a registered e-mail from Node and get a code: its device is unknown', async (ctx) => {
  const email = 'victim@example.com'
  await ctx.api.db.query('UPDATE email_codes SET sent_at = 0')
  const mine = loginSecret()
  assert.equal((await post(ctx, '/auth/v1/email/start', { email, secretHash: mine.secretHash }, SECURE)).json, { action: 'VERIFY_DEVICE' })
  assert.equal((await post(ctx, '/auth/v1/email/start', { email, deviceId: newDeviceId(), secretHash: mine.secretHash }, SECURE)).json, { action: 'VERIFY_DEVICE' })
})

test('attack: a social code exchange for a login the frame did not start, or without its PKCE verifier, is refused before the provider is asked', async (ctx) => {
  const verifier = 'v'.repeat(43)
  const challenge = 'Tt3XNx7n5qg9Wz4bQfOQoP0JNHVMtCnPYfOfOBv5rRM' // not S256 of the verifier: another login's
  const exchange = (state: string, codeVerifier = verifier) => post(ctx, '/auth/v1/social/verify', {
    provider: 'google', state, codeVerifier, redirectUri: `${SECURE}/callback.html`, callbackUrl: `${SECURE}/callback.html?code=captured&state=${state}`,
  }, SECURE)
  const unknown = await exchange('never-started-state')
  assert.equal(unknown, { status: 403, json: { reason: 'social: this login was not started by this window. Log in again.' } })
  assert.is((await post(ctx, '/auth/v1/social/start', { provider: 'google', state: 'started-state', codeChallenge: challenge }, SECURE)).status, 200)
  assert.is((await exchange('started-state')).status, 403, 'the verifier does not hash to the registered challenge')
  assert.is((await post(ctx, '/auth/v1/social/start', { provider: 'google', state: 'started-state', codeChallenge: challenge }, SECURE)).status, 409, 'a state is registered once')
})

test.run()
