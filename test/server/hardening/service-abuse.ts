// Abuse of the other services: the onramp sandbox (off unless asked for, development chains only,
// no open redirect), analytics (database only, refused when off), bodies over each route's cap,
// internal errors that must not leak, and SMTP without STARTTLS.
import { randomBytes } from 'node:crypto'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { demoAccount } from '../../../dev/chains/index.ts'
import { startMailServer } from '../../../dev/mail/index.ts'
import { configFromEnv } from '../../../server/config.ts'
import { readEvents } from '../../../server/events.ts'
import { startApiServer } from '../../../server/index.ts'
import type { ApiCtx } from '../../dev/api-fixture.ts'
import { loginSecret, newDeviceId } from '../login-secret.ts'
import { startRpcProxy } from './rpc-proxy.ts'

const buyer = demoAccount(7).address
const post = async (url: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}projectId=test`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, any> }
}
const confirm = (sandbox: string, session: string) =>
  fetch(`${sandbox}/buy/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ session, card: '4242424242424242' }), redirect: 'manual' })
const buyUrl = { destinationWallets: [{ address: buyer, assets: ['ETH'] }], defaultNetwork: 'ethereum', partnerUserId: buyer, presetCryptoAmount: 0.001 }
const event = (id: string) => ({ eventId: id, url: 'http://127.0.0.1:5173/', domain: '127.0.0.1', timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN' } })

export function serviceAbuseCases(test: Test<ApiCtx>): void {
  test('onramp and analytics: a server started with neither asked for runs no sandbox; with analytics off it takes no events', async (ctx) => {
    assert.is(configFromEnv({}).onrampSandbox, false, '`npm run server` starts no sandbox')
    const api = await startApiServer({ chains: ctx.chains!.chains, indexer: false, analyticsEnabled: false, databaseUrl: await ctx.postgres?.createDatabase() })
    try {
      assert.is(api.onrampSandboxUrl, undefined)
      const res = await post(api.url, '/v1/generators/onrampurl', buyUrl)
      assert.is(res.status, 503)
      assert.is(res.json.reason, 'The onramp sandbox is not running')
      const refused = await post(api.url, '/e', event('off-1'))
      assert.is(refused.status, 403)
      assert.match(refused.json.reason, /^analytics: this service collects no events/)
      assert.equal(await readEvents(api.db, 'test'), [])
    } finally {
      await api.stop()
    }
  })

  test('onramp: the sandbox sells only on development chains, whatever their chain id', async (ctx) => {
    const proxy = await startRpcProxy(ctx.chains!.chains[0]!.rpcUrl)
    proxy.clientVersion = 'Geth/v1.14.0-stable/linux-amd64/go1.22'
    const api = await startApiServer({ chains: [{ chainId: 1, rpcUrl: proxy.url }], indexer: false, onrampSandbox: true, databaseUrl: await ctx.postgres?.createDatabase() })
    try {
      const res = await post(api.url, '/v1/generators/onrampurl', buyUrl)
      assert.is(res.status, 400, JSON.stringify(res.json))
      assert.match(res.json.reason, /^network: ethereum is not a development chain/)
      assert.is(proxy.calls.get('eth_sendTransaction') ?? 0, 0)
    } finally {
      await api.stop()
      await proxy.stop()
    }
  })

  test('onramp: no open redirect: a redirect URL off the project\'s origins is refused, and never followed', async (ctx) => {
    const url = ctx.api!.url
    const refused = await post(url, '/v1/generators/onrampurl', { ...buyUrl, redirectUrl: 'https://evil.example/phish' })
    assert.is(refused.status, 400)
    assert.is(refused.json.reason, 'redirectUrl: https://evil.example is not an allowed origin of the project')
    // A session that holds one anyway (written before the check, or by hand) does not redirect there.
    const made = await post(url, '/v1/generators/onrampurl', { ...buyUrl, redirectUrl: 'http://127.0.0.1:9/back' })
    assert.is(made.status, 200, JSON.stringify(made.json))
    const session = new URL(made.json.url).searchParams.get('session')!
    await ctx.api!.db.query("UPDATE onramp_sessions SET redirect_url = 'https://evil.example/phish' WHERE id = $1", [session])
    const res = await confirm(ctx.api!.onrampSandboxUrl!, session)
    assert.is(res.status, 200)
    assert.is(res.headers.get('location'), null)
  })

  test('analytics: events live in the database only', async (ctx) => {
    assert.is((await post(ctx.api!.url, '/e?st=appkit&sv=html-1.0.0', event('mem-1'))).status, 200)
    assert.ok((await readEvents(ctx.api!.db, 'test')).some((e) => e.eventId === 'mem-1'))
    assert.not.ok('events' in ctx.api!, 'no in-memory list of events')
  })

  test('bodies: each route has its cap; over it is a 413 saying so', async (ctx) => {
    const url = ctx.api!.url
    const pad = (kb: number) => JSON.stringify({ pad: 'x'.repeat(kb * 1024) })
    const cases: [string, number, number][] = [['/e', 70, 64], ['/auth/v1/authenticate', 70, 64], ['/auth/v1/email/start', 20, 16], ['/v1/fungible/price', 20, 16], ['/v1/profile/account', 40, 32]]
    for (const [path, kb, cap] of cases) {
      const res = await post(url, path, pad(kb), { origin: 'http://127.0.0.1:5173' })
      assert.is(res.status, 413, `${path}: ${JSON.stringify(res.json).slice(0, 200)}`)
      assert.is(res.json.reason, `body: larger than ${cap} KB, this endpoint's limit`)
    }
    // Under the cap the route reads the body (and answers on its merits).
    assert.is((await post(url, '/e', [event('cap-1')])).status, 200)
    const deep = await post(url, '/e', `${'['.repeat(5000)}${']'.repeat(5000)}`)
    assert.is(deep.status, 400)
    assert.is(deep.json.reason, 'body: nested deeper than 32 levels')
  })

  test('errors: a 500 says only "Internal error" with an id, and the log carries the id with the cause', async (ctx) => {
    const logged: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '))
    await ctx.api!.db.query('ALTER TABLE siwx_sessions RENAME TO siwx_sessions_away')
    try {
      const res = await fetch(`${ctx.api!.url}/v1/sessions/${buyer}?projectId=test`)
      const json = (await res.json()) as { reason: string; id: string }
      assert.is(res.status, 500)
      assert.is(json.reason, 'Internal error')
      assert.match(json.id, /^[0-9a-f]{16}$/)
      assert.not.match(JSON.stringify(json), /siwx_sessions/)
      const line = logged.find((l) => l.includes(json.id))
      assert.ok(line, 'the log names the id')
      assert.match(line!, /siwx_sessions/)
    } finally {
      console.error = original
      await ctx.api!.db.query('ALTER TABLE siwx_sessions_away RENAME TO siwx_sessions')
    }
  })

  test('smtp: codes go out only over STARTTLS unless the server is declared a development one', async (ctx) => {
    const mail = await startMailServer() // offers no STARTTLS
    const start = async (dev: boolean) => startApiServer({ chains: [], indexer: false, databaseUrl: await ctx.postgres?.createDatabase(), emailAuth: { smtp: { host: mail.smtp.host, port: mail.smtp.port, dev }, shareKey: randomBytes(32).toString('hex') } })
    const plain = await start(false)
    const origin = { origin: 'http://127.0.0.1:5173' }
    try {
      const frame = { deviceId: newDeviceId(), secretHash: loginSecret().secretHash }
      const res = await post(plain.url, '/auth/v1/email/start', { email: 'tls@example.com', ...frame }, origin)
      assert.is(res.status, 500)
      assert.is(mail.messages.length, 0, 'nothing sent in plain')
      await plain.stop()
      const dev = await start(true)
      try {
        assert.is((await post(dev.url, '/auth/v1/email/start', { email: 'tls@example.com', ...frame }, origin)).status, 200)
        assert.is(mail.messages.length, 1)
      } finally {
        await dev.stop()
      }
    } finally {
      await plain.stop()
      await mail.stop()
    }
  })
}
