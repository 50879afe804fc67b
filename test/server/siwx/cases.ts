// The reference auth service's cases, run on each database the server supports: sign-in with
// EOAs, smart accounts (EIP-1271, EIP-6492) and Solana keys; every refusal stores nothing.
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { generateKeyPairSync, sign as signEd25519 } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { demoAccount } from '../../../dev/chains/index.ts'
import type { ApiCtx } from '../../dev/api-fixture.ts'
import { sender } from '../../dev/api-chain-cases.ts'
import { deploySmartAccounts, type SmartAccounts } from './wallets.ts'

export const ORIGIN = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'

export interface MessageInput {
  address: string
  chainId: string
  nonce: string
  domain?: string
  uri?: string
  statement?: string
  issuedAt?: Date
  expirationTime?: Date
  notBefore?: Date
}

/** An EIP-4361 message (CAIP-122 for Solana and Bitcoin) as a site would ask the wallet to sign it. */
export function siwxMessage(m: MessageInput): string {
  const evm = m.chainId.startsWith('eip155:')
  return [
    `${m.domain ?? DOMAIN} wants you to sign in with your ${evm ? 'Ethereum' : m.chainId.startsWith('bip122:') ? 'Bitcoin' : 'Solana'} account:`,
    m.address,
    m.statement ? `\n${m.statement}\n` : '',
    `URI: ${m.uri ?? `${ORIGIN}/`}`,
    'Version: 1',
    `Chain ID: ${evm ? m.chainId.split(':')[1] : m.chainId}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${(m.issuedAt ?? new Date()).toISOString()}`,
    m.expirationTime && `Expiration Time: ${m.expirationTime.toISOString()}`,
    m.notBefore && `Not Before: ${m.notBefore.toISOString()}`,
  ].filter((l) => typeof l === 'string').join('\n')
}

type Ctx = ApiCtx & { smart?: SmartAccounts }

export async function call(ctx: Ctx, path: string, init: { body?: unknown; origin?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.origin !== null) headers['origin'] = init.origin ?? ORIGIN
  const res = await fetch(`${ctx.api!.url}${path}${path.includes('?') ? '&' : '?'}projectId=test`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { reason?: string } }
}

export const nonceFor = async (ctx: Ctx, address: string) => (await call(ctx, `/auth/v1/nonce?address=${address}`)).json['nonce'] as string

const count = async (ctx: Ctx, table: string) => Number((await ctx.api!.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n)
export const unspent = async (ctx: Ctx, nonce: string) => (await ctx.api!.db.query('SELECT 1 FROM siwx_nonces WHERE nonce = $1 AND used_at IS NULL', [nonce])).length === 1

/** Sends a refused sign-in and asserts its status, its reason and that nothing was written. */
export async function refused(ctx: Ctx, body: { message: string; signature: string }, status: number, reason: RegExp, origin?: string) {
  const before = await count(ctx, 'siwx_sessions')
  const res = await call(ctx, '/auth/v1/authenticate', { body, origin })
  assert.is(res.status, status, JSON.stringify(res.json))
  assert.match(res.json.reason ?? '', reason)
  assert.is(await count(ctx, 'siwx_sessions'), before, 'no session stored')
}

async function evmSignIn(ctx: Ctx, account: LocalAccount, over: Partial<MessageInput> = {}) {
  const nonce = await nonceFor(ctx, account.address)
  const message = siwxMessage({ address: account.address, chainId: 'eip155:1', nonce, statement: 'Sign in to the demo', expirationTime: new Date(Date.now() + 3_600_000), ...over })
  return { nonce, message, signature: await account.signMessage({ message }) }
}

function solanaKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const b58 = getBase58Decoder()
  return { address: b58.decode(raw), sign: (m: string) => b58.decode(signEd25519(null, Buffer.from(m), privateKey)) }
}

export function siwxCases(test: Test<Ctx>): void {
  test.before(async (ctx) => {
    // Account 9 deploys, so the other demo accounts' nonces are left as other tests expect.
    ctx.smart = await deploySmartAccounts(sender(ctx, 0, demoAccount(9).address) as never, demoAccount(5))
  })

  test('an EOA signs in: the session holds the message, the signature (verifiable in Node) and a CACAO', async (ctx) => {
    const account = demoAccount(4)
    const { nonce, message, signature } = await evmSignIn(ctx, account)
    const res = await call(ctx, '/auth/v1/authenticate', { body: { message, signature } })
    assert.is(res.status, 200, JSON.stringify(res.json))
    const list = await call(ctx, `/v1/sessions/${account.address}`)
    const [s] = list.json['sessions'] as { pci: string; message: string; signature: Hex; chainId: string; cacao: { h: { t: string }; p: Record<string, unknown>; s: { t: string; s: string } }; data: Record<string, unknown> }[]
    assert.ok(s)
    assert.is(s.message, message)
    assert.ok(await verifyMessage({ address: account.address, message: s.message, signature: s.signature }))
    assert.is(s.chainId, 'eip155:1')
    assert.equal(s.cacao.h, { t: 'caip122' })
    assert.is(s.cacao.p['iss'], `did:pkh:eip155:1:${account.address}`)
    assert.is(s.cacao.p['nonce'], nonce)
    assert.is(s.cacao.p['aud'], `${ORIGIN}/`)
    assert.equal(s.cacao.s, { t: 'eip191', s: signature })
    assert.is(s.data['statement'], 'Sign in to the demo')
    assert.is(s.data['accountAddress'], account.address)
    assert.is(s.data['chainId'], 'eip155:1')
    assert.not.ok(await unspent(ctx, nonce))
    // A lower-case address lists the same sessions.
    assert.is(((await call(ctx, `/v1/sessions/${account.address.toLowerCase()}`)).json['sessions'] as unknown[]).length, 1)
  })

  test('a replayed nonce is refused', async (ctx) => {
    const signed = await evmSignIn(ctx, demoAccount(4))
    assert.is((await call(ctx, '/auth/v1/authenticate', { body: signed })).status, 200)
    await refused(ctx, signed, 409, /^nonce: has already been used/)
  })

  test('a message for another domain, another URI or from an origin not allowed is refused', async (ctx) => {
    const a = demoAccount(4)
    const other = await evmSignIn(ctx, a, { domain: 'evil.example' })
    await refused(ctx, other, 403, /^domain: the message is for evil\.example, the request comes from 127\.0\.0\.1:5173/)
    assert.ok(await unspent(ctx, other.nonce))
    await refused(ctx, await evmSignIn(ctx, a, { uri: 'https://evil.example/' }), 403, /^uri: /)
    await refused(ctx, await evmSignIn(ctx, a, { domain: 'evil.example', uri: 'https://evil.example/' }), 403, /^origin: https:\/\/evil\.example is not an allowed origin/, 'https://evil.example')
    await refused(ctx, await evmSignIn(ctx, a), 403, /^origin: the request has no Origin header/, null as never)
  })

  test('an expired or not yet valid message is refused', async (ctx) => {
    const a = demoAccount(4)
    const expired = await evmSignIn(ctx, a, { issuedAt: new Date(Date.now() - 7_200_000), expirationTime: new Date(Date.now() - 1_000) })
    await refused(ctx, expired, 400, /^message: expired at /)
    const early = await evmSignIn(ctx, a, { notBefore: new Date(Date.now() + 600_000) })
    await refused(ctx, early, 400, /^message: not valid before /)
    assert.ok(await unspent(ctx, early.nonce))
  })

  test('a tampered message and a signature by another key are refused; the nonce is spent by the try', async (ctx) => {
    const a = demoAccount(4)
    const signed = await evmSignIn(ctx, a)
    await refused(ctx, { ...signed, message: signed.message.replace('Sign in to the demo', 'Sign in to the bank') }, 401, /^signature: not a valid signature/)
    assert.not.ok(await unspent(ctx, signed.nonce))
    const again = await evmSignIn(ctx, a)
    const other = privateKeyToAccount(generatePrivateKey())
    await refused(ctx, { message: again.message, signature: await other.signMessage({ message: again.message }) }, 401, /^signature: /)
    // One try per nonce: the right signature now comes too late.
    await refused(ctx, again, 409, /^nonce: has already been used/)
  })

  test('a nonce never issued, issued for another address or expired is refused', async (ctx) => {
    const a = demoAccount(4)
    const msg = siwxMessage({ address: a.address, chainId: 'eip155:1', nonce: 'deadbeefdeadbeef' })
    await refused(ctx, { message: msg, signature: await a.signMessage({ message: msg }) }, 400, /^nonce: was not issued by this service/)
    const foreign = await nonceFor(ctx, demoAccount(6).address)
    const m2 = siwxMessage({ address: a.address, chainId: 'eip155:1', nonce: foreign })
    await refused(ctx, { message: m2, signature: await a.signMessage({ message: m2 }) }, 400, /^nonce: was issued for another address/)
    const stale = await evmSignIn(ctx, a)
    await ctx.api!.db.query('UPDATE siwx_nonces SET expires_at = $2 WHERE nonce = $1', [stale.nonce, Date.now() - 1])
    await refused(ctx, stale, 400, /^nonce: has expired/)
  })

  test('a malformed message or a chain this service does not serve is refused', async (ctx) => {
    const a = demoAccount(4)
    await refused(ctx, { message: 'hello', signature: '0x00' }, 400, /^message: the first line/)
    await refused(ctx, await evmSignIn(ctx, a, { chainId: 'eip155:10' }), 400, /^chainId: eip155:10 is not a chain/)
    const res = await call(ctx, '/auth/v1/authenticate', { body: { message: 1 } })
    assert.is(res.status, 400)
    assert.is(res.json.reason, 'body.message: Invalid type: Expected string but received 1')
  })

  test('a deployed smart account signs in by EIP-1271 and an undeployed one by EIP-6492', async (ctx) => {
    const owner = demoAccount(5)
    for (const [address, wrap, type] of [[ctx.smart!.deployed, (s: Hex) => s, 'eip1271'], [ctx.smart!.counterfactual, ctx.smart!.wrap6492, 'eip1271']] as const) {
      const nonce = await nonceFor(ctx, address)
      const message = siwxMessage({ address, chainId: 'eip155:1', nonce })
      const signature = wrap(await owner.signMessage({ message }))
      const res = await call(ctx, '/auth/v1/authenticate', { body: { message, signature } })
      assert.is(res.status, 200, JSON.stringify(res.json))
      assert.is((res.json['session'] as { cacao: { s: { t: string } } }).cacao.s.t, type)
    }
    // Another key's signature fails 1271.
    const nonce = await nonceFor(ctx, ctx.smart!.deployed)
    const message = siwxMessage({ address: ctx.smart!.deployed, chainId: 'eip155:1', nonce })
    await refused(ctx, { message, signature: await demoAccount(6).signMessage({ message }) }, 401, /^signature: /)
  })

  test('a Solana key signs in by ed25519; another key is refused', async (ctx) => {
    const key = solanaKey()
    const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const wrong = siwxMessage({ address: key.address, chainId, nonce: await nonceFor(ctx, key.address) })
    await refused(ctx, { message: wrong, signature: solanaKey().sign(wrong) }, 401, /^signature: /)
    const nonce = await nonceFor(ctx, key.address)
    const message = siwxMessage({ address: key.address, chainId, nonce })
    const res = await call(ctx, '/auth/v1/authenticate', { body: { message, signature: key.sign(message) } })
    assert.is(res.status, 200, JSON.stringify(res.json))
    const [s] = (await call(ctx, `/v1/sessions/${key.address}`)).json['sessions'] as { chainId: string; cacao: { s: { t: string } } }[]
    assert.is(s!.chainId, chainId)
    assert.is(s!.cacao.s.t, 'solana:ed25519')
  })

  test('a revoke signed by someone else is refused; the owner revokes; the session is gone', async (ctx) => {
    const a = demoAccount(7)
    const signed = await evmSignIn(ctx, a)
    assert.is((await call(ctx, '/auth/v1/authenticate', { body: signed })).status, 200)
    const list = async () => (await call(ctx, `/v1/sessions/${a.address}`)).json['sessions'] as { pci: string }[]
    const [{ pci }] = (await list()) as [{ pci: string }]
    const text = `Revoke sign-in session ${pci} for ${a.address}`
    const bad = await call(ctx, `/v1/sessions/${a.address}/revoke`, { body: { pci, signature: await demoAccount(6).signMessage({ message: text }) } })
    assert.is(bad.status, 401)
    assert.match(bad.json.reason!, /^signature: the revoke is not signed by /)
    assert.is((await list()).length, 1)
    const ok = await call(ctx, `/v1/sessions/${a.address}/revoke`, { body: { pci, signature: await a.signMessage({ message: text }) } })
    assert.equal(ok, { status: 200, json: { success: true } })
    assert.equal(await list(), [])
    const again = await call(ctx, `/v1/sessions/${a.address}/revoke`, { body: { pci, signature: await a.signMessage({ message: text }) } })
    assert.is(again.status, 404)
  })
}
