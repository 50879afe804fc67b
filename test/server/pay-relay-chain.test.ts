// The relayer against what a real chain and its public nodes do: a node that caps log queries'
// ranges and a quote looked at long after it was made (its deposit address read forward in
// windows, from where the last look stopped); a deposit that lands between the listing and the
// sweep (refunded, never swept); a payout that reverts (signed again with fresh gas, a bounded
// number of times, then the deposit refunded); the spare gas of a token refund (back to the
// treasury); a chain that reorganises (a deposit counts once deep enough, one reorganised away is
// forgotten); native coin that no transfer brought (held and reported, never swept); and a slow node
// (the status request answers at once, the look runs in the background).
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseUnits, type Hex } from 'viem'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import type { RelayFault } from '../../server/pay-relay-tx.ts'
import { depositUsdc, fresh, NATIVE, reader, relayQuote, relayStatus, send, statusNow, usdcOf } from './pay-relay-fixture.ts'
import { startRpcProxy, type RpcProxy } from './pay-relay-rpc-proxy.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx { chains?: LocalChains; api?: ApiServer; proxy?: RpcProxy }
const test = suite<Ctx>('pay relayer: on a real chain', {})
const watchdog = setTimeout(() => { console.error('pay-relay-chain.test.ts: timed out'); process.exit(1) }, watchdogMs(180_000))
/** Blocks one log query asks for, and read again on every look. */
const MAX_RANGE = 50
const REORG_BLOCKS = 3
/** Payout attempts starved of gas (so they revert), from the first. */
let starved = 0
/** Runs `fn` with the first `attempts` payout attempts starved of gas. */
async function withStarvedPayouts(attempts: number, fn: () => Promise<void>): Promise<void> {
  starved = attempts
  try {
    await fn()
  } finally {
    starved = 0
  }
}
let onFault: RelayFault | undefined

test.before(async (ctx) => {
  ctx.chains = await startChains()
  // Polygon (the deposits' chain) is reached through the proxy.
  ctx.proxy = await startRpcProxy(ctx.chains.chains[1]!.rpcUrl)
  const chains = ctx.chains.chains.map((c, i) => (i === 1 ? { ...c, rpcUrl: ctx.proxy!.url } : c))
  ctx.api = await startApiServer({
    chains, onrampSandbox: false, indexer: false,
    payRelay: {
      key: randomBytes(32).toString('hex'), intervalMs: 3_600_000, maxBlockRange: MAX_RANGE, reorgBlocks: REORG_BLOCKS,
      payoutGas: (attempt, gas) => (attempt <= starved ? 30_000n : gas),
      fault: (point, requestId) => onFault?.(point, requestId),
    },
  })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.proxy?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

const payer = (ctx: Ctx) => ctx.chains!.accounts[1]!
const other = (ctx: Ctx) => ctx.chains!.accounts[2]!
const mine = async (ctx: Ctx, blocks: number) => {
  for (let i = 0; i < blocks; i++) await reader(ctx, 1).request({ method: 'evm_mine', params: [] } as never)
}
const treasury137 = async (ctx: Ctx) => (await reader(ctx, 1).request({ method: 'eth_accounts' } as never) as Hex[]).at(-1)!
const txsOf = async (ctx: Ctx, requestId: string, kind: string) =>
  ctx.api!.db.query<{ status: string; tx_hash: Hex }>('SELECT status, tx_hash FROM pay_relay_txs WHERE request_id = $1 AND kind = $2 ORDER BY id', [requestId, kind])
const scannedBlock = async (ctx: Ctx, requestId: string) =>
  BigInt((await ctx.api!.db.query<{ scanned_block: string }>('SELECT scanned_block FROM pay_relays WHERE request_id = $1', [requestId]))[0]!.scanned_block)

test('a node that caps log queries at 10 blocks, a quote looked at 40 blocks on: every block read once in windows it accepts; the next look starts where this one stopped', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  const [{ origin_block: origin }] = await ctx.api!.db.query<{ origin_block: string }>('SELECT origin_block FROM pay_relays WHERE request_id = $1', [q.requestId]) as [{ origin_block: string }]
  await mine(ctx, 40)
  const deposit = await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
  ctx.proxy!.maxLogRange = 10
  ctx.proxy!.logQueries = []
  try {
    assert.is(await relayStatus(ctx, q.requestId), 'success')
    assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6))
    const queries = ctx.proxy!.logQueries
    assert.ok(queries.some((x) => x.refused), 'a window of 50 was refused, then halved')
    const accepted = queries.filter((x) => !x.refused)
    assert.ok(accepted.every((x) => x.to - x.from < 10n), JSON.stringify(accepted, (_, v) => (typeof v === 'bigint' ? String(v) : v)))
    // The first listing covers the quote's block to the deposit's, window after window.
    let next = BigInt(origin)
    for (const x of accepted) if (x.from <= next && x.to >= next) next = x.to + 1n
    assert.ok(next > deposit.blockNumber, `read up to ${next}, the deposit is in ${deposit.blockNumber}`)
    const saved = await scannedBlock(ctx, q.requestId)
    assert.ok(saved >= deposit.blockNumber)
    await mine(ctx, 30)
    ctx.proxy!.logQueries = []
    assert.is(await relayStatus(ctx, q.requestId), 'success')
    const later = ctx.proxy!.logQueries
    assert.ok(later.length > 0)
    assert.ok(later.every((x) => x.from >= saved + 1n - BigInt(REORG_BLOCKS)), 'only the reorganisation margin is read again')
    assert.is(await scannedBlock(ctx, q.requestId), await reader(ctx, 1).getBlockNumber({ cacheTime: 0 }))
  } finally {
    ctx.proxy!.maxLogRange = undefined
  }
})

test('attack: a deposit landing between the listing and the sweep is not swept into the treasury: it goes back to its sender; the spare gas goes back to the treasury', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  const treasury = await treasury137(ctx)
  const [treasuryBefore, otherBefore] = [await usdcOf(ctx, 1, treasury), await usdcOf(ctx, 1, other(ctx))]
  let raced = false
  onFault = async (point, requestId) => {
    if (point !== 'sweep:listed' || requestId !== q.requestId || raced) return
    raced = true
    await depositUsdc(ctx, other(ctx), q.depositAddress, parseUnits('0.8', 6))
  }
  try {
    await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
    assert.is(await relayStatus(ctx, q.requestId), 'success')
    assert.ok(raced, 'the deposit landed while the sweep was under way')
    assert.is(await relayStatus(ctx, q.requestId), 'success')
  } finally {
    onFault = undefined
  }
  assert.is(await usdcOf(ctx, 1, other(ctx)), otherBefore, 'the 0.8 USDC came back to who sent it')
  assert.is(await usdcOf(ctx, 1, treasury), treasuryBefore + q.amount, 'the treasury has what it was owed, no more')
  assert.is(await usdcOf(ctx, 1, q.depositAddress), 0n)
  assert.equal((await txsOf(ctx, q.requestId, 'refund')).map((t) => t.status), ['confirmed'])
  const fee = 21_000n * (await reader(ctx, 1).getGasPrice())
  const left = await reader(ctx, 1).getBalance({ address: q.depositAddress })
  assert.ok(left < fee, `the gas the treasury sent is back but dust: ${left} left, a transfer's fee is ${fee}`)
  assert.ok((await txsOf(ctx, q.requestId, 'gas-return')).every((t) => t.status === 'confirmed'))
})

test('a payout that reverts (out of gas) is signed again with fresh gas: the recipient is paid once, both attempts recorded', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  await withStarvedPayouts(1, async () => {
    await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
    assert.is(await relayStatus(ctx, q.requestId), 'success')
  })
  const payouts = await txsOf(ctx, q.requestId, 'payout')
  assert.equal(payouts.map((t) => t.status), ['reverted', 'confirmed'])
  const [first, second] = await Promise.all(payouts.map((t) => reader(ctx, 0).getTransaction({ hash: t.tx_hash })))
  assert.is(first!.gas, 30_000n)
  assert.ok(second!.gas > first!.gas)
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6), 'paid once')
})

test('a payout that reverts on every attempt: after 3 the quote fails and the deposit goes back to its sender', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  const before = await usdcOf(ctx, 1, payer(ctx))
  await withStarvedPayouts(99, async () => {
    await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
    assert.is(await relayStatus(ctx, q.requestId), 'failure')
  })
  assert.equal((await txsOf(ctx, q.requestId, 'payout')).map((t) => t.status), ['reverted', 'reverted', 'reverted'])
  assert.is(await usdcOf(ctx, 0, shop), 0n)
  assert.is(await usdcOf(ctx, 1, payer(ctx)), before, 'the deposit came back whole')
})

test('a chain that reorganises: a deposit counts once 2 blocks deep; one seen and then reorganised away is forgotten, never paid for', async (ctx) => {
  // A server of its own that waits for 2 confirmations (its own database: the other's quotes are not its business).
  const api = await startApiServer({ chains: ctx.chains!.chains, onrampSandbox: false, indexer: false, payRelay: { intervalMs: 3_600_000, confirmations: 2, reorgBlocks: 1 } })
  const on = { api, chains: ctx.chains }
  const rpc = (method: string, params: unknown[] = []) => reader(ctx, 1).request({ method, params } as never)
  try {
    const shop = fresh()
    const q = await relayQuote(on, shop, '1')
    const snapshot = await rpc('evm_snapshot')
    await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
    assert.is(await relayStatus(on, q.requestId), 'waiting', 'seen, not yet 2 blocks deep')
    const seen = () => api.db.query('SELECT source FROM pay_relay_transfers WHERE request_id = $1', [q.requestId])
    assert.is((await seen()).length, 1)
    // The deposit's block is reorganised away; the chain goes on without it.
    await rpc('evm_revert', [snapshot])
    await mine(ctx, 3)
    assert.is(await relayStatus(on, q.requestId), 'waiting')
    assert.equal(await seen(), [], 'forgotten')
    assert.is(await usdcOf(ctx, 0, shop), 0n, 'never paid for')
    await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
    await mine(ctx, 2)
    assert.is(await relayStatus(on, q.requestId), 'success')
    assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6))
  } finally {
    await api.stop()
  }
})

test('native coin no transfer brought (sent from inside a contract call) is held at the deposit address, never swept, and the status reports it as unattributed; the same for a token quote\'s address', async (ctx) => {
  const rpc = (method: string, params: unknown[] = []) => reader(ctx, 1).request({ method, params } as never)
  // A contract's internal transfer leaves no transaction to the address: only its balance grows (as anvil_setBalance makes it).
  const credit = async (address: Hex, amount: bigint) => rpc('anvil_setBalance', [address, `0x${((await reader(ctx, 1).getBalance({ address })) + amount).toString(16)}`])
  const stray = parseUnits('0.05', 18)
  const treasury = await treasury137(ctx)
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1', { user: undefined, originCurrency: NATIVE })
  await send(ctx, 1, { from: other(ctx), to: q.depositAddress, value: q.amount })
  await credit(q.depositAddress, stray)
  const treasuryBefore = await reader(ctx, 1).getBalance({ address: treasury })
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await reader(ctx, 1).getBalance({ address: q.depositAddress }), stray, 'held where it came')
  const [sweep] = await txsOf(ctx, q.requestId, 'sweep')
  const mined = await reader(ctx, 1).getTransactionReceipt({ hash: sweep!.tx_hash })
  assert.is(await reader(ctx, 1).getBalance({ address: treasury }) - treasuryBefore, q.amount - mined.gasUsed * mined.effectiveGasPrice, 'the treasury has the deposit less the sweep\'s fee, nothing of the stray coin')
  const answer = async (id: string) => (await fetch(`${ctx.api!.url}/appkit/v1/transfers/status?projectId=test&requestId=${id}`)).json()
  assert.equal(await answer(q.requestId), { status: 'success', unattributed: String(stray) })
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await reader(ctx, 1).getBalance({ address: q.depositAddress }), stray, 'still held after another look')
  // A token quote: its spare gas goes back to the treasury, the stray coin stays.
  const t = await relayQuote(ctx, fresh(), '1')
  await depositUsdc(ctx, payer(ctx), t.depositAddress, t.amount)
  await credit(t.depositAddress, stray)
  assert.is(await relayStatus(ctx, t.requestId), 'success')
  assert.is(await reader(ctx, 1).getBalance({ address: t.depositAddress }), stray)
  assert.equal(await answer(t.requestId), { status: 'success', unattributed: String(stray) })
  const plain = await relayQuote(ctx, fresh(), '1')
  assert.equal(await answer(plain.requestId), { status: 'waiting' }, 'no unattributed field without any')
})

test('a slow node does not hold the status request: it answers from the database at once, the look runs in the background', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
  ctx.proxy!.delayMs = 1_500
  try {
    const started = Date.now()
    assert.is(await statusNow(ctx, q.requestId), 'waiting')
    const took = Date.now() - started
    assert.ok(took < 500, `answered in ${took} ms`)
  } finally {
    ctx.proxy!.delayMs = 0
  }
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6))
})

test.run()
