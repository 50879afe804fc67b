// SIWX abuse the auth service refuses: messages that a wallet would show otherwise than they are
// checked, signature work (RPC calls) bought with an unknown or spent nonce, sessions for ever,
// a site of one project signing in to another, and an Origin header that is no origin.
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { serializeErc6492Signature, type Hex } from 'viem'
import { demoAccount } from '../../../dev/chains/index.ts'
import { startApiServer } from '../../../server/index.ts'
import { SESSION_MAX_MS } from '../../../server/auth/store.ts'
import type { ApiCtx } from '../../dev/api-fixture.ts'
import { ORIGIN, siwxMessage, type MessageInput } from '../siwx/cases.ts'
import { startRpcProxy } from './rpc-proxy.ts'

export async function siwxCall(url: string, path: string, init: { body?: unknown; origin?: string | null; projectId?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.origin !== null) headers['origin'] = init.origin ?? ORIGIN
  const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}projectId=${init.projectId ?? 'test'}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { reason?: string } }
}

const account = demoAccount(8)
const nonceOf = async (url: string, projectId = 'test') => (await siwxCall(url, `/auth/v1/nonce?address=${account.address}`, { projectId })).json['nonce'] as string
async function signed(url: string, over: Partial<MessageInput> = {}, projectId = 'test') {
  const message = siwxMessage({ address: account.address, chainId: 'eip155:1', nonce: await nonceOf(url, projectId), statement: 'Sign in', ...over })
  return { message, signature: await account.signMessage({ message }) }
}
const sessionsOf = async (ctx: ApiCtx) => Number((await ctx.api!.db.query<{ n: string }>('SELECT count(*) AS n FROM siwx_sessions'))[0]!.n)

export function siwxAbuseCases(test: Test<ApiCtx>): void {
  test('siwx: a statement of two lines, a URI line smuggled into it or stray whitespace is refused, though signed', async (ctx) => {
    const url = ctx.api!.url
    const before = await sessionsOf(ctx)
    const cases: [string, (m: string) => string, RegExp][] = [
      ['two-line statement', (m) => m.replace('Sign in', 'Sign in\nto your bank'), /^message: /],
      ['URI inside the statement', (m) => m.replace('\nSign in\n', '\nSign in\nURI: https://evil.example/\n'), /^message: /],
      ['trailing space after the URI', (m) => m.replace(`URI: ${ORIGIN}/`, `URI: ${ORIGIN}/ `), /^message: URI holds whitespace/],
      ['space before a line', (m) => m.replace('Version: 1', ' Version: 1'), /^message: /],
      ['empty line at the end', (m) => `${m}\n`, /^message: /],
      ['CR line ending', (m) => m.replaceAll('\n', '\r\n'), /^message: holds a control character/],
      ['two blank lines', (m) => m.replace('\n\nSign in', '\n\n\nSign in'), /^message: /],
      ['bidi override in the statement', (m) => m.replace('Sign in', 'Sign in \u202Eknab'), /^message: holds a control character/],
    ]
    for (const [what, bend, reason] of cases) {
      const { message: base } = await signed(url)
      const message = bend(base)
      assert.is.not(message, base, what)
      const res = await siwxCall(url, '/auth/v1/authenticate', { body: { message, signature: await account.signMessage({ message }) } })
      assert.is(res.status, 400, `${what}: ${JSON.stringify(res.json)}`)
      assert.match(res.json.reason ?? '', reason, what)
    }
    assert.is(await sessionsOf(ctx), before)
    // The same message as the modal writes it signs in.
    assert.is((await siwxCall(url, '/auth/v1/authenticate', { body: await signed(url) })).status, 200)
  })

  test('siwx: an unknown or spent nonce is refused before any signature work (no RPC call for ERC-1271/6492)', async (ctx) => {
    const proxy = await startRpcProxy(ctx.chains!.chains[0]!.rpcUrl)
    const api = await startApiServer({ chains: [{ chainId: 1, rpcUrl: proxy.url }], indexer: false, databaseUrl: await ctx.postgres?.createDatabase() })
    try {
      const rpcCalls = () => [...proxy.calls.values()].reduce((a, b) => a + b, 0)
      // A smart-account signature whose factory and data the caller chose: verifying it runs that code.
      const wrap = (signature: Hex) => serializeErc6492Signature({ address: '0x000000000000000000000000000000000000dEaD', data: '0xdeadbeef', signature })
      const unknown = siwxMessage({ address: account.address, chainId: 'eip155:1', nonce: 'feedfacefeedface' })
      const before = rpcCalls()
      const res = await siwxCall(api.url, '/auth/v1/authenticate', { body: { message: unknown, signature: wrap(await account.signMessage({ message: unknown })) } })
      assert.is(res.status, 400, JSON.stringify(res.json))
      assert.match(res.json.reason!, /^nonce: was not issued by this service/)
      assert.is(rpcCalls(), before, 'no RPC call for an unknown nonce')
      const good = await signed(api.url)
      assert.is((await siwxCall(api.url, '/auth/v1/authenticate', { body: good })).status, 200)
      const spentAt = rpcCalls()
      const replay = await siwxCall(api.url, '/auth/v1/authenticate', { body: { message: good.message, signature: wrap(good.signature as Hex) } })
      assert.is(replay.status, 409)
      assert.is(rpcCalls(), spentAt, 'no RPC call for a spent nonce')
    } finally {
      await api.stop()
      await proxy.stop()
    }
  })

  test('siwx: a session whose message sets no expiration ends after 7 days, listed and purged so', async (ctx) => {
    const url = ctx.api!.url
    const res = await siwxCall(url, '/auth/v1/authenticate', { body: await signed(url) })
    assert.is(res.status, 200)
    const session = res.json['session'] as { pci: string; expiresAt: number; createdAt: number }
    assert.is(session.expiresAt - session.createdAt, SESSION_MAX_MS)
    const [row] = await ctx.api!.db.query<{ expires_at: string }>('SELECT expires_at FROM siwx_sessions WHERE pci = $1', [session.pci])
    assert.is(Number(row!.expires_at), session.expiresAt)
    // A row from before the cap (no expiry), begun 8 days ago, is no longer a session.
    await ctx.api!.db.query('UPDATE siwx_sessions SET expires_at = NULL, created_at = $2 WHERE pci = $1', [session.pci, Date.now() - 8 * 86_400_000])
    const listed = (await siwxCall(url, `/v1/sessions/${account.address}`)).json['sessions'] as { pci: string }[]
    assert.not.ok(listed.some((s) => s.pci === session.pci))
  })

  test('siwx: a site allowed for one project cannot sign in to another', async (ctx) => {
    const url = ctx.api!.url
    ctx.api!.setAllowedOrigins(['https://shop.example'], 'postern-demo')
    assert.equal((await siwxCall(url, '/projects/v1/origins', { projectId: 'postern-demo' })).json, { allowedOrigins: ['https://shop.example'] })
    const before = await sessionsOf(ctx)
    const res = await siwxCall(url, '/auth/v1/authenticate', { body: await signed(url, {}, 'postern-demo'), projectId: 'postern-demo' })
    assert.is(res.status, 403, JSON.stringify(res.json))
    assert.is(res.json.reason, `origin: ${ORIGIN} is not an allowed origin`)
    assert.is(await sessionsOf(ctx), before)
    // The other project, which allows the site, still signs it in.
    assert.is((await siwxCall(url, '/auth/v1/authenticate', { body: await signed(url) })).status, 200)
  })

  test('siwx: a malformed Origin header is a 400, not a 500, on every auth endpoint', async (ctx) => {
    const url = ctx.api!.url
    for (const origin of ['http://127.0.0.1:abc', 'null', 'http://127.0.0.1:5173/path', 'http://[::1', '127.0.0.1:5173']) {
      const res = await siwxCall(url, '/auth/v1/authenticate', { body: await signed(url), origin })
      assert.is(res.status, 400, `${origin}: ${JSON.stringify(res.json)}`)
      assert.match(res.json.reason!, /^origin: .* is not an origin/)
      for (const path of ['/auth/v1/email/start', '/auth/v1/farcaster/channel']) {
        const other = await siwxCall(url, path, { body: { email: 'a@example.com' }, origin })
        assert.is(other.status, 400, `${path} ${origin}: ${JSON.stringify(other.json)}`)
      }
    }
  })
}
