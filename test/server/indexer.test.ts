// The indexer against real anvil chains on PGlite in a data folder: reorgs, anvil_reset and restarts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, type Address } from 'viem'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { EvmChain } from '../../server/chain/evm.ts'
import { openDb } from '../../server/db/index.ts'
import { migrations } from '../../server/db/migrate.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startIndexer } from '../../server/indexer/index.ts'
import { fresh, json, sendEth, sendUsdc, type Balance, type History } from '../dev/api-chain-cases.ts'
import { startRpcProxy } from './hardening/rpc-proxy.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  chains?: LocalChains
  api?: ApiServer
  dir?: string
}
const test = suite<Ctx>('server indexer', {})

const watchdog = setTimeout(() => (console.error('indexer.test.ts: timed out'), process.exit(1)), watchdogMs(120_000))
test.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'postern-indexer-'))
  ctx.chains = await startChains()
  ctx.api = await start(ctx)
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.chains?.stop()
  await rm(ctx.dir!, { recursive: true, force: true })
  clearTimeout(watchdog)
})

/**
 * A server on the suite's data folder, with its indexer idle unless a request asks it to catch up,
 * and a balance read kept for a minute unless the indexer ends it.
 */
const start = (ctx: Ctx, startBlock: bigint | 'latest' = 0n) =>
  startApiServer({ chains: ctx.chains!.chains, dataDir: ctx.dir, indexer: { intervalMs: 60_000, startBlock }, balanceMaxAgeMs: 60_000 })

const rpc = (ctx: Ctx, chainIndex: number) => createPublicClient({ transport: http(ctx.chains!.chains[chainIndex]!.rpcUrl) })
const history = (ctx: Ctx, address: Address, chainId = 'eip155:1') => json<History>(ctx, `/v1/account/${address}/history?projectId=test&chainId=${chainId}`)

/** Every stored block is the chain's block of that number, and every transfer sits in a stored block. */
async function assertMatchesChain(ctx: Ctx, chainIndex: number) {
  const chain = `eip155:${ctx.chains!.chains[chainIndex]!.chainId}`
  const blocks = await ctx.api!.db.query<{ number: string; hash: string }>('SELECT number, hash FROM chain_blocks WHERE chain = $1 ORDER BY number', [chain])
  const latest = await rpc(ctx, chainIndex).getBlockNumber()
  assert.is(blocks.length, Number(latest) + 1, 'one row per block, no gaps')
  for (const b of blocks) assert.is(b.hash, (await rpc(ctx, chainIndex).getBlock({ blockNumber: BigInt(b.number) })).hash, `block ${b.number}`)
  const orphans = await ctx.api!.db.query(
    'SELECT t.tx_hash FROM transfers t LEFT JOIN chain_blocks b ON b.chain = t.chain AND b.number = t.block_number WHERE t.chain = $1 AND b.hash IS NULL',
    [chain],
  )
  assert.equal(orphans, [], 'no transfer outside a stored block')
}

test('native and token sends appear with amounts and direction, once each', async (ctx) => {
  const [a0, a1] = ctx.chains!.accounts as [Address, Address]
  const to = fresh()
  const eth = await sendEth(ctx, 0, a0, to, '0.75')
  const usdc = await sendUsdc(ctx, 0, a1, to, '3.5')
  const back = await sendEth(ctx, 0, a0, a1, '0.01') // not ours: must not appear
  const h = await history(ctx, to)
  assert.equal(h.data.map((i) => [i.metadata.hash, i.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric])]), [
    [usdc, [['in', 'USDC', '3.5']]],
    [eth, [['in', 'ETH', '0.75']]],
  ])
  assert.ok(!h.data.some((i) => i.metadata.hash === back))
  const again = await history(ctx, to)
  assert.equal(again, h, 'a second catch-up adds nothing')
  await assertMatchesChain(ctx, 0)
})

test('balances: a read serves until the indexer stores a block touching the address (a transfer to it, gas it paid); forceUpdate reads anew', async (ctx) => {
  const [, , , , , a5, a6] = ctx.chains!.accounts as Address[]
  const to = fresh()
  const balances = async (address: Address, force = false) => {
    const body = await json<{ balances: Balance[] }>(ctx, `/v1/account/${address}/balance?projectId=test&chainId=eip155:1${force ? '&forceUpdate=1' : ''}`)
    return body.balances.map((b) => [b.symbol, b.quantity.numeric])
  }
  assert.equal(await balances(to), [])
  const payerBefore = await balances(a6!)
  await sendEth(ctx, 0, a5!, to, '0.75')
  await sendEth(ctx, 0, a6!, fresh(), '0') // moves no value: only the gas changes a6's balance
  assert.equal(await balances(to), [], 'the read from before the transfer still serves: the indexer has not seen it')
  assert.equal(await balances(a6!), payerBefore)

  await history(ctx, to) // a catch-up pass stores the new blocks
  assert.equal(await balances(to), [['ETH', '0.75']])
  const payerAfter = await balances(a6!)
  assert.is.not(payerAfter.find(([symbol]) => symbol === 'ETH')![1], payerBefore.find(([symbol]) => symbol === 'ETH')![1], 'the gas it paid shows')

  await sendEth(ctx, 0, a5!, to, '0.25')
  assert.equal(await balances(to), [['ETH', '0.75']])
  assert.equal(await balances(to, true), [['ETH', '1']], 'forceUpdate asks the node at once')
  assert.equal(await balances(to), [['ETH', '1']], 'and its read serves the next requests')
})

test('a pass that finds nothing new asks the node once: its head and our newest block, in one batched request', async (ctx) => {
  const [a0] = ctx.chains!.accounts as [Address]
  const proxy = await startRpcProxy(ctx.chains!.chains[0]!.rpcUrl)
  const db = await openDb({})
  // The client as the server makes it (EvmChain), through a proxy that counts what it sends.
  const chain = new EvmChain({ ...ctx.chains!.chains[0]!, rpcUrl: proxy.url })
  const indexer = startIndexer({ db, evm: [{ caip: chain.caip, client: chain.client }], intervalMs: 60_000, startBlock: 'latest' })
  try {
    for (let i = 0; !indexer.leading; i++) {
      assert.ok(i < 100, 'leading')
      await new Promise((r) => setTimeout(r, 20))
    }
    await sendEth(ctx, 0, a0, fresh(), '0.01')
    await indexer.catchUp() // stores the new block
    const requests = proxy.requests
    const calls = new Map(proxy.calls)
    await indexer.catchUp()
    assert.is(proxy.requests - requests, 1, 'one HTTP request to the node')
    assert.equal(Object.fromEntries([...proxy.calls].map(([m, n]) => [m, n - (calls.get(m) ?? 0)]).filter(([, n]) => n)), { eth_blockNumber: 1, eth_getBlockByNumber: 1 })
  } finally {
    await indexer.stop()
    await db.close()
    await proxy.stop()
  }
})

test('a reverted snapshot drops its transfers and the new fork is indexed without duplicates', async (ctx) => {
  const [a0] = ctx.chains!.accounts as [Address]
  const to = fresh()
  const kept = await sendEth(ctx, 0, a0, to, '1')
  const client = rpc(ctx, 0)
  const snapshot = await client.request({ method: 'evm_snapshot' as never })
  const lost = await sendEth(ctx, 0, a0, to, '2')
  await sendEth(ctx, 0, a0, to, '3')
  assert.equal((await history(ctx, to)).data.length, 3)

  await client.request({ method: 'evm_revert' as never, params: [snapshot] as never })
  // The fork reuses the reverted block numbers with other blocks.
  const replaced = await sendEth(ctx, 0, a0, to, '4')
  const h = await history(ctx, to)
  assert.equal(h.data.map((i) => i.metadata.hash), [replaced, kept])
  assert.ok(!h.data.some((i) => i.metadata.hash === lost))
  assert.equal(h.data.map((i) => i.transfers[0]!.quantity.numeric), ['4', '1'])
  await assertMatchesChain(ctx, 0)
})

test('the server resumes from its last indexed block after a restart', async (ctx) => {
  const [a0] = ctx.chains!.accounts as [Address]
  const to = fresh()
  const before = await sendEth(ctx, 1, a0, to, '0.5')
  assert.equal((await history(ctx, to, 'eip155:137')).data.length, 1)
  await ctx.api!.stop()

  // Blocks mined while the server is down are found on restart: it resumes from the stored head,
  // although an empty index would start at the latest block here.
  const whileDown = await sendUsdc(ctx, 1, a0, to, '7')
  ctx.api = await start(ctx, 'latest')
  const h = await history(ctx, to, 'eip155:137')
  assert.equal(h.data.map((i) => i.metadata.hash), [whileDown, before])
  assert.equal(h.data.map((i) => i.transfers[0]!.quantity.numeric), ['7', '0.5'])
  const applied = await ctx.api.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
  assert.equal(applied.map((r) => r.version), migrations().map((m) => m.version), 'migrations recorded once')
  await assertMatchesChain(ctx, 1)
})

test('anvil_reset empties the chain and the index follows', async (ctx) => {
  const [a0] = ctx.chains!.accounts as [Address]
  const to = fresh()
  await sendEth(ctx, 1, a0, to, '0.2')
  assert.equal((await history(ctx, to, 'eip155:137')).data.length, 1)
  await rpc(ctx, 1).request({ method: 'anvil_reset' as never, params: [] as never })
  assert.equal((await history(ctx, to, 'eip155:137')).data, [])
  await assertMatchesChain(ctx, 1)
  const after = await sendEth(ctx, 1, a0, to, '0.3')
  assert.equal((await history(ctx, to, 'eip155:137')).data.map((i) => i.metadata.hash), [after])
})

test.run()
