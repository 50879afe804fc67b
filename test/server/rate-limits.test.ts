// Guessing capped on the auth service: at most 10 failed codes an hour (20 a day) per e-mail across
// its codes, per-IP and overall limits on the auth and write endpoints, each refusal a 429 with
// Retry-After and the text the modal shows. The counts live in the database (rate-limiter-flexible).
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'

const test = suite<{ api: ApiServer; mail: MailServer }>('server rate limits', {} as never)
const ORIGIN = 'http://127.0.0.1:4444'
const TOO_MANY = /^Too many attempts\. Try again in \d+ minutes$/

test.before(async (ctx) => {
  ctx.mail = await startMailServer()
  ctx.api = await startApiServer({
    chains: [], indexer: false, emailAuth: { smtp: ctx.mail.smtp, shareKey: randomBytes(32).toString('hex') },
    // Low per-IP limits so that a test reaches them; the per-e-mail code limits stay the defaults.
    rateLimits: { 'auth.ip': { points: 3, duration: 600 }, 'write.ip': { points: 2, duration: 600 }, 'mail.all': { points: 1000, duration: 3600 }, 'mail.ip': { points: 1000, duration: 3600 } },
  })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.mail?.stop()
})

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; json: Record<string, any> }

/** One request from a chosen loopback address (127.0.0.1 and 127.0.0.2 are two IPs to the server). */
function call(api: ApiServer, method: string, path: string, body?: unknown, from = '127.0.0.1'): Promise<Answer> {
  const url = new URL(`${api.url}${path}`)
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, localAddress: from, headers: { origin: ORIGIN, 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text || '{}') }))
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

const codeNo = async (mail: MailServer, email: string, n: number) => {
  const list = () => mail.messages.filter((m) => m.to.includes(email)).reverse()
  for (let i = 0; i < 100 && list().length < n; i++) await new Promise((r) => setTimeout(r, 20))
  return /\b(\d{6})\b/.exec(list()[n - 1]!.subject)![1]!
}

function assertTooMany(answer: Answer, what: string) {
  assert.is(answer.status, 429, `${what}: ${JSON.stringify(answer.json)}`)
  assert.match(answer.json.reason, TOO_MANY)
  assert.ok(Number(answer.headers['retry-after']) > 0, `${what}: Retry-After is ${answer.headers['retry-after']}`)
  assert.match(String(answer.headers['access-control-expose-headers']), /retry-after/, 'a page may read Retry-After')
}

test('attack: the 11th wrong code for one e-mail within an hour is refused, though new codes were asked for, and even the right code is', async (ctx) => {
  const email = 'guess@example.com'
  const deviceId = newDeviceId()
  const guesses: Answer[] = []
  let right = ''
  let proof = { deviceId, secret: '' }
  for (let n = 1; n <= 3; n++) {
    await ctx.api.db.query('UPDATE email_codes SET sent_at = 0') // the 30 s between codes, passed
    const { secret, secretHash } = loginSecret()
    assert.equal((await call(ctx.api, 'POST', '/auth/v1/email/start?projectId=test', { email, deviceId, secretHash }, `127.0.0.${n + 10}`)).json, { action: 'VERIFY_OTP' })
    right = await codeNo(ctx.mail, email, n)
    proof = { deviceId, secret }
    const wrong = right === '000000' ? '111111' : '000000'
    // Five tries per code (then it locks), each from another IP: the cap is per e-mail.
    for (let i = 0; i < 5 && guesses.length < 11; i++) guesses.push(await call(ctx.api, 'POST', '/auth/v1/email/verify?projectId=test', { email, otp: wrong, ...proof }, `127.0.1.${guesses.length + 1}`))
  }
  assert.equal(guesses.slice(0, 10).map((g) => g.status), [400, 400, 400, 400, 423, 400, 400, 400, 400, 423])
  assertTooMany(guesses[10]!, 'the 11th wrong code')
  assert.ok(Number(guesses[10]!.headers['retry-after']) > 3500, 'the hour runs from the first failure')
  assertTooMany(await call(ctx.api, 'POST', '/auth/v1/email/verify?projectId=test', { email, otp: right, ...proof }, '127.0.1.20'), 'the right code after the cap')
  // Another address is not affected.
  const other = loginSecret()
  await call(ctx.api, 'POST', '/auth/v1/email/start?projectId=test', { email: 'other@example.com', deviceId, secretHash: other.secretHash }, '127.0.1.21')
  const ok = await call(ctx.api, 'POST', '/auth/v1/email/verify?projectId=test', { email: 'other@example.com', otp: await codeNo(ctx.mail, 'other@example.com', 1), deviceId, secret: other.secret }, '127.0.1.22')
  assert.is(ok.status, 200)
})

test('behavior: a right code does not count against the cap; a redemption without the login\'s secret neither (it cannot lock the owner out)', async (ctx) => {
  const email = 'owner@example.com'
  const deviceId = newDeviceId()
  const { secret, secretHash } = loginSecret()
  await call(ctx.api, 'POST', '/auth/v1/email/start?projectId=test', { email, deviceId, secretHash }, '127.0.0.30')
  for (let i = 0; i < 12; i++) {
    const stranger = await call(ctx.api, 'POST', '/auth/v1/email/verify?projectId=test', { email, otp: '000000', deviceId, secret: loginSecret().secret }, `127.0.0.${40 + i}`)
    assert.is(stranger.status, 403)
  }
  const own = await call(ctx.api, 'POST', '/auth/v1/email/verify?projectId=test', { email, otp: await codeNo(ctx.mail, email, 1), deviceId, secret }, '127.0.0.30')
  assert.is(own.status, 200)
  const [row] = await ctx.api.db.query<{ points: number }>("SELECT points FROM rate_limits WHERE key = 'codes.hour:owner@example.com'")
  assert.is(row?.points ?? 0, 0)
})

test('attack: one IP flooding the SIWX nonce endpoint is refused after its limit; another IP is still served', async (ctx) => {
  const path = `/auth/v1/nonce?projectId=test&address=0x${'12'.repeat(20)}`
  const answers = []
  for (let i = 0; i < 4; i++) answers.push(await call(ctx.api, 'GET', path, undefined, '127.0.0.2'))
  assert.equal(answers.slice(0, 3).map((a) => a.status), [200, 200, 200])
  assertTooMany(answers[3]!, 'the 4th nonce from one IP')
  assert.is((await call(ctx.api, 'GET', path, undefined, '127.0.0.3')).status, 200)
})

test('attack: one IP flooding the onramp URL generator is refused after its limit; another IP is still served', async (ctx) => {
  const body = { destinationWallets: [{ address: `0x${'34'.repeat(20)}`, assets: ['USDC'] }], partnerUserId: 'x' }
  const answers = []
  for (let i = 0; i < 3; i++) answers.push(await call(ctx.api, 'POST', '/v1/generators/onrampurl?projectId=test', body, '127.0.0.4'))
  assert.not.ok(answers.slice(0, 2).some((a) => a.status === 429))
  assertTooMany(answers[2]!, 'the 3rd onramp URL from one IP')
  assert.is.not((await call(ctx.api, 'POST', '/v1/generators/onrampurl?projectId=test', body, '127.0.0.5')).status, 429)
})

test.run()

const overall = suite('server rate limits overall')
overall('behavior: the overall limit holds across IPs; reads are not limited', async () => {
  const api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, rateLimits: { 'auth.all': { points: 2, duration: 600 } } })
  try {
    const path = `/auth/v1/nonce?projectId=test&address=0x${'56'.repeat(20)}`
    const statuses = []
    for (const from of ['127.0.0.6', '127.0.0.7', '127.0.0.8']) statuses.push((await call(api, 'GET', path, undefined, from)).status)
    assert.equal(statuses, [200, 200, 429])
    for (let i = 0; i < 5; i++) assert.is((await call(api, 'GET', '/v1/supported-chains?projectId=test')).status, 200)
  } finally {
    await api.stop()
  }
})
overall('attack: X-Forwarded-For is ignored unless the server is told it sits behind a proxy; behind one, the last address counts', async () => {
  const direct = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, rateLimits: { 'auth.ip': { points: 1, duration: 600 } } })
  const proxied = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, trustProxy: true, rateLimits: { 'auth.ip': { points: 1, duration: 600 } } })
  const nonce = (api: ApiServer, forwarded: string) => fetch(`${api.url}/auth/v1/nonce?projectId=test&address=0x${'9a'.repeat(20)}`, { headers: { 'x-forwarded-for': forwarded } }).then((r) => r.status)
  try {
    assert.equal([await nonce(direct, '10.0.0.1'), await nonce(direct, '10.0.0.2')], [200, 429], 'a spoofed header buys no new IP')
    assert.equal([await nonce(proxied, '6.6.6.6, 10.0.0.1'), await nonce(proxied, '7.7.7.7, 10.0.0.2'), await nonce(proxied, '8.8.8.8, 10.0.0.1')], [200, 200, 429])
  } finally {
    await direct.stop()
    await proxied.stop()
  }
})
overall('behavior: RATE_LIMITS sets limits by name; a bad entry names the variable', () => {
  const config = configFromEnv({ RATE_LIMITS: 'auth.ip=5000/60, codes.hour=5/3600', TRUST_PROXY: 'on' })
  assert.is(config.trustProxy, true)
  assert.equal(config.rateLimits, { 'auth.ip': { points: 5000, duration: 60 }, 'codes.hour': { points: 5, duration: 3600 } })
  assert.throws(() => configFromEnv({ RATE_LIMITS: 'auth.nope=1/1' }), /^RATE_LIMITS\.0: must name one of/)
  assert.throws(() => configFromEnv({ RATE_LIMITS: 'auth.ip=lots' }), /^RATE_LIMITS\.0: must be name=points\/seconds/)
})
overall.run()
