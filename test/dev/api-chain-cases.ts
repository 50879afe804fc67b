// The blockchain API cases, run against real anvil chains on each database the server supports.
import type { Test } from 'uvu'
import type { ApiCtx } from './api-fixture.ts'
import * as assert from 'uvu/assert'
import { createWalletClient, http, parseEther, parseUnits, publicActions, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toViemChain, TOKEN_ABI, TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { BALANCE_MAX_AGE_MS } from '../../server/balance-cache.ts'

type Ctx = Pick<ApiCtx, 'chains' | 'api'>

export interface Balance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}
export interface HistoryItem {
  id: string
  metadata: { operationType: 'send' | 'receive'; hash: string; minedAt: string; sentFrom: string; sentTo: string; status: string; nonce: number; chain: string }
  transfers: { fungible_info: { name: string; symbol: string; icon: { url: string } }; direction: 'in' | 'out'; quantity: { numeric: string }; value: number; price: number }[]
}
export interface History {
  data: HistoryItem[]
  next: string | null
}

/** A client that sends as an anvil-unlocked demo account. */
export function sender(ctx: Ctx, chainIndex: number, account: Address) {
  const chain = ctx.chains!.chains[chainIndex]!
  return createWalletClient({ account, chain: toViemChain(chain), transport: http(chain.rpcUrl), pollingInterval: 50 }).extend(publicActions)
}

export async function sendEth(ctx: Ctx, chainIndex: number, from: Address, to: Address, ether: string) {
  const c = sender(ctx, chainIndex, from)
  const hash = await c.sendTransaction({ to, value: parseEther(ether) })
  await c.waitForTransactionReceipt({ hash, timeout: 5_000 })
  return hash
}

export async function sendUsdc(ctx: Ctx, chainIndex: number, from: Address, to: Address, amount: string) {
  const c = sender(ctx, chainIndex, from)
  const hash = await c.writeContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
  await c.waitForTransactionReceipt({ hash, timeout: 5_000 })
  return hash
}

export async function json<T>(ctx: Ctx, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(ctx.api!.url + path, { ...init, signal: AbortSignal.timeout(10_000) })
  assert.is(res.status, 200, `${path}: ${res.status}`)
  return (await res.json()) as T
}

export const fresh = () => privateKeyToAccount(generatePrivateKey()).address

/** Registers the blockchain API cases on a suite whose context holds chains and a server. */
export function blockchainApiCases(test: Test<Ctx>): void {
  test('balance lists native and USDC per chain for a demo account', async (ctx) => {
    const a0 = ctx.chains!.accounts[0]!
    const { balances } = await json<{ balances: Balance[] }>(ctx, `/v1/account/${a0}/balance?currency=usd&projectId=test`)
    const eth = balances.find((b) => b.chainId === 'eip155:1' && b.symbol === 'ETH')!
    assert.ok(eth, 'ETH on chain 1')
    assert.is(eth.address, undefined)
    assert.is(eth.price, 3000)
    assert.is(eth.quantity.decimals, '18')
    assert.match(eth.iconUrl, /^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\/ETH$/)
    const pol = balances.find((b) => b.chainId === 'eip155:137' && !b.address)!
    assert.is(pol.symbol, 'POL')
    assert.is(pol.price, 0.5)
    for (const chainId of ['eip155:1', 'eip155:137']) {
      const usdc = balances.find((b) => b.chainId === chainId && b.symbol === 'USDC')!
      assert.equal(usdc, {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId,
        address: `${chainId}:${TOKEN_ADDRESS}`,
        value: 1_000_000,
        price: 1,
        quantity: { decimals: '6', numeric: '1000000' },
        iconUrl: usdc.iconUrl,
      })
    }
  })

  test('balance reflects a native and a USDC transfer made a moment before, within the time one read serves', async (ctx) => {
    const [a0, a1] = ctx.chains!.accounts as [Address, Address]
    const to = fresh()
    const read = () => json<{ balances: Balance[] }>(ctx, `/v1/account/${to}/balance?currency=usd&projectId=test`)
    assert.equal((await read()).balances, [])

    await sendEth(ctx, 0, a0, to, '1.5')
    await sendUsdc(ctx, 1, a1, to, '250.25')
    // The read from before the transfers may serve for BALANCE_MAX_AGE_MS (less once the indexer sees them).
    const sent = Date.now()
    let all = await read()
    while (all.balances.length < 2 && Date.now() - sent < BALANCE_MAX_AGE_MS + 2_000) all = await new Promise((r) => setTimeout(r, 50)).then(read)
    assert.is(all.balances.length, 2, `not shown ${Date.now() - sent} ms after the transfers`)
    const eth = all.balances.find((b) => b.symbol === 'ETH')!
    assert.is(eth.chainId, 'eip155:1')
    assert.is(eth.quantity.numeric, '1.5')
    assert.is(eth.value, 4500)
    const usdc = all.balances.find((b) => b.symbol === 'USDC')!
    assert.is(usdc.chainId, 'eip155:137')
    assert.is(usdc.quantity.numeric, '250.25')
    assert.is(usdc.value, 250.25)

    const onlyPolygon = await json<{ balances: Balance[] }>(ctx, `/v1/account/${to}/balance?currency=usd&chainId=eip155:137&projectId=test`)
    assert.equal(onlyPolygon.balances.map((b) => b.symbol), ['USDC'])
    const unknownChain = await fetch(`${ctx.api!.url}/v1/account/${to}/balance?currency=usd&chainId=eip155:10&projectId=test`)
    assert.is(unknownChain.status, 400)
    assert.match(((await unknownChain.json()) as { reason: string }).reason, /^chainId: must be one of the chains served here/)
  })

  test('history lists transfers with the right direction, newest first', async (ctx) => {
    const [, , a2, a3] = ctx.chains!.accounts as [Address, Address, Address, Address]
    const to = fresh()
    const ethHash = await sendEth(ctx, 0, a3, to, '0.25')
    const usdcHash = await sendUsdc(ctx, 0, a2, to, '12.5')

    const received = await json<History>(ctx, `/v1/account/${to}/history?projectId=test&chainId=eip155:1`)
    assert.is(received.next, null)
    assert.equal(received.data.map((i) => i.metadata.hash), [usdcHash, ethHash])
    const [usdcIn, ethIn] = received.data as [HistoryItem, HistoryItem]
    assert.is(usdcIn.metadata.operationType, 'receive')
    assert.is(usdcIn.metadata.status, 'confirmed')
    assert.is(usdcIn.metadata.chain, 'eip155:1')
    assert.is(usdcIn.metadata.sentFrom, a2)
    assert.is(usdcIn.metadata.sentTo, to)
    assert.ok(!Number.isNaN(Date.parse(usdcIn.metadata.minedAt)))
    assert.equal(usdcIn.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric, t.value, t.price]), [['in', 'USDC', '12.5', 12.5, 1]])
    assert.equal(ethIn.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric, t.value]), [['in', 'ETH', '0.25', 750]])

    const sent = await json<History>(ctx, `/v1/account/${a2}/history?projectId=test&chainId=eip155:1`)
    const mine = sent.data.find((i) => i.metadata.hash === usdcHash)!
    assert.is(mine.metadata.operationType, 'send')
    assert.is(mine.transfers[0]!.direction, 'out')
    // The start-up mint shows as a receipt from the zero address.
    const mint = sent.data.at(-1)!
    assert.is(mint.metadata.operationType, 'receive')
    assert.is(mint.metadata.sentFrom, '0x0000000000000000000000000000000000000000')

    const otherChain = await json<History>(ctx, `/v1/account/${to}/history?projectId=test&chainId=eip155:137`)
    assert.equal(otherChain.data, [])
  })

  test('history pages by cursor, 20 at a time, without overlap', async (ctx) => {
    const from = ctx.chains!.accounts[4]!
    const to = fresh()
    const hashes: string[] = []
    for (let i = 0; i < 23; i++) hashes.push(await sendEth(ctx, i % 2, from, to, `0.00${i + 1}`))

    const page1 = await json<History>(ctx, `/v1/account/${to}/history?projectId=test`)
    assert.is(page1.data.length, 20)
    assert.type(page1.next, 'string')
    const page2 = await json<History>(ctx, `/v1/account/${to}/history?projectId=test&cursor=${page1.next}`)
    assert.is(page2.data.length, 3)
    assert.is(page2.next, null)
    const seen = [...page1.data, ...page2.data].map((i) => i.metadata.hash)
    assert.is(new Set(seen).size, 23)
    assert.equal([...seen].sort(), [...hashes].sort())
    const times = [...page1.data, ...page2.data].map((i) => Date.parse(i.metadata.minedAt))
    assert.ok(times.every((t, i) => i === 0 || t <= times[i - 1]!), 'newest first')
    assert.ok(page1.data.every((i) => i.transfers[0]!.direction === 'in'))

    const bad = await fetch(`${ctx.api!.url}/v1/account/${to}/history?projectId=test&cursor=not-a-cursor`)
    assert.is(bad.status, 400)
    assert.match(((await bad.json()) as { reason: string }).reason, /^cursor: /)
  })

  test('identity returns the demo name and an avatar served here', async (ctx) => {
    const a0 = ctx.chains!.accounts[0]!
    const id = await json<{ name: string | null; avatar: string | null }>(ctx, `/v1/identity/${a0}?projectId=test&sender=${a0}`)
    assert.is(id.name, 'demo.postern')
    assert.ok(id.avatar?.startsWith(ctx.api!.url))
    const avatar = await fetch(id.avatar!)
    assert.is(avatar.status, 200)
    assert.is(avatar.headers.get('content-type'), 'image/svg+xml')
    const lower = await json<{ name: string | null }>(ctx, `/v1/identity/${a0.toLowerCase()}?projectId=test`)
    assert.is(lower.name, 'demo.postern')
    assert.equal(await json(ctx, `/v1/identity/${ctx.chains!.accounts[1]}?projectId=test`), { name: null, avatar: null })
    const bad = await fetch(`${ctx.api!.url}/v1/identity/0x1234?projectId=test`)
    assert.is(bad.status, 400)
    assert.match(((await bad.json()) as { reason: string }).reason, /^address: /)
  })

  test('supported chains lists the local chains', async (ctx) => {
    assert.equal(await json(ctx, '/v1/supported-chains?projectId=test'), { http: ['eip155:1', 'eip155:137'], ws: [] })
  })

  test('fungible price answers known tokens and skips unknown ones', async (ctx) => {
    const body = {
      projectId: 'test',
      currency: 'usd',
      addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', `eip155:137:${TOKEN_ADDRESS}`, 'eip155:1:0x0000000000000000000000000000000000000001'],
    }
    const r = await json<{ fungibles: { name: string; symbol: string; iconUrl: string; price: number }[] }>(ctx, '/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    assert.equal(r.fungibles.map((f) => [f.symbol, f.price]), [['ETH', 3000], ['USDC', 1]])
    const denied = await fetch(`${ctx.api!.url}/v1/fungible/price`, { method: 'POST', body: JSON.stringify({ ...body, projectId: 'nope' }) })
    assert.is(denied.status, 403)
    const malformed = await fetch(`${ctx.api!.url}/v1/fungible/price`, { method: 'POST', body: JSON.stringify({ ...body, addresses: 'eip155:1:0x' }) })
    assert.is(malformed.status, 400)
    assert.match(((await malformed.json()) as { reason: string }).reason, /addresses/)
  })

  test('blockchain endpoints validate the address and project', async (ctx) => {
    const base = ctx.api!.url
    const cases: [string, number, RegExp][] = [
      ['/v1/account/0xnothex/balance?projectId=test', 400, /^address: /],
      ['/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?projectId=test&chainId=1', 400, /^chainId: /],
      ['/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?projectId=test&currency=btc', 400, /^currency: /],
      ['/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?projectId=other', 403, /projectId/],
      ['/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/history', 400, /^projectId: /],
    ]
    for (const [path, status, reason] of cases) {
      const res = await fetch(base + path)
      assert.is(res.status, status, path)
      assert.match(((await res.json()) as { reason: string }).reason, reason, path)
    }
    // A Solana address with no Solana RPC configured has no balances.
    const sol = await json<{ balances: Balance[] }>(ctx, '/v1/account/9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM/balance?projectId=test')
    assert.equal(sol.balances, [])
  })
}
