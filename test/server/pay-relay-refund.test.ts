// The relayer returns what it was not owed, to whoever sent it, once: the excess over a quote's
// deposit, a deposit to a quote already settled, a deposit after the deadline (the quote then
// reports AppKit's 'refund'); and what it was owed is swept into the treasury (a token's spare gas
// back with it). The attacks: a deposit to one quote never refunds or pays another; a refund goes
// to the address the deposit came from, not the payer the quote named; a look replayed moves
// nothing twice; a database dump holds no usable deposit key.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { openDepositKey } from '../../server/pay-relay-key.ts'
import { dueRelays } from '../../server/pay-relay-jobs.ts'
import { depositUsdc, fresh, NATIVE, reader, relayQuote, relayStatus, send, usdcOf } from './pay-relay-fixture.ts'

const key = randomBytes(32).toString('hex')
const test = suite<ApiCtx>('pay relayer: refunds and sweeps', {})
withApiServer(test, 'pay-relay-refund.test.ts', { timeoutMs: 240_000, server: { payRelay: { key, intervalMs: 3_600_000 } } })

const payer = (ctx: ApiCtx) => ctx.chains!.accounts[1]!
const other = (ctx: ApiCtx) => ctx.chains!.accounts[2]!
const txsOf = (ctx: ApiCtx, requestId: string) =>
  ctx.api!.db.query<{ kind: string; status: string; to_address: string; amount: string; tx_hash: `0x${string}` }>('SELECT kind, status, to_address, amount, tx_hash FROM pay_relay_txs WHERE request_id = $1 ORDER BY id', [requestId])
const treasury137 = async (ctx: ApiCtx) => (await reader(ctx, 1).request({ method: 'eth_accounts' } as never) as `0x${string}`[]).at(-1)!

test('an excess deposit: the recipient is paid the quote, the excess goes back to its sender, the deposit is swept into the treasury; a replayed look moves nothing', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '3')
  const before = await usdcOf(ctx, 1, payer(ctx))
  const treasuryBefore = await usdcOf(ctx, 1, await treasury137(ctx))
  await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount + parseUnits('1.5', 6))
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('3', 6))
  assert.is(await usdcOf(ctx, 1, payer(ctx)), before - q.amount, 'the 1.5 USDC excess came back whole (the treasury paid its gas)')
  assert.is(await usdcOf(ctx, 1, q.depositAddress), 0n, 'swept')
  assert.is(await usdcOf(ctx, 1, await treasury137(ctx)), treasuryBefore + q.amount)
  const txs = await txsOf(ctx, q.requestId)
  assert.equal(txs.map((t) => `${t.kind}:${t.status}`), ['payout:confirmed', 'gas:confirmed', 'refund:confirmed', 'gas:confirmed', 'sweep:confirmed', 'gas-return:confirmed'])
  assert.is(txs[2]!.to_address, payer(ctx).toLowerCase())
  const fee = 21_000n * (await reader(ctx, 1).getGasPrice())
  assert.ok((await reader(ctx, 1).getBalance({ address: q.depositAddress })) < fee, 'the gas the treasury sent for the refund and the sweep is back, but dust')
  // The look replayed, as if the job had never recorded the sweep: nothing moves twice.
  await ctx.api!.db.query('UPDATE pay_relays SET swept_at = NULL WHERE request_id = $1', [q.requestId])
  for (let i = 0; i < 3; i++) assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is((await txsOf(ctx, q.requestId)).length, 6)
  assert.is(await usdcOf(ctx, 1, payer(ctx)), before - q.amount)
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('3', 6))
})

test('attack: an excess deposit to quote A refunds nothing of and pays nothing for quote B', async (ctx) => {
  const shopA = fresh()
  const shopB = fresh()
  const a = await relayQuote(ctx, shopA, '1')
  const b = await relayQuote(ctx, shopB, '1')
  await depositUsdc(ctx, other(ctx), a.depositAddress, a.amount * 2n)
  assert.is(await relayStatus(ctx, b.requestId), 'waiting')
  assert.is(await relayStatus(ctx, a.requestId), 'success')
  assert.is(await relayStatus(ctx, b.requestId), 'waiting')
  assert.equal(await txsOf(ctx, b.requestId), [])
  assert.is(await usdcOf(ctx, 0, shopB), 0n)
  assert.is(await usdcOf(ctx, 0, shopA), parseUnits('1', 6))
})

test('a deposit to a quote already settled goes back to its sender; the quote stays a success', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  await depositUsdc(ctx, payer(ctx), q.depositAddress, q.amount)
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  const before = await usdcOf(ctx, 1, other(ctx))
  await depositUsdc(ctx, other(ctx), q.depositAddress, parseUnits('2', 6))
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 1, other(ctx)), before, 'the 2 USDC came back to who sent them')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6), 'paid once')
})

test('native coin: the excess goes back less the network fee; the rest is swept but dust', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1', { user: undefined, originCurrency: NATIVE })
  const excess = parseEther('0.01')
  const receipt = await send(ctx, 1, { from: other(ctx), to: q.depositAddress, value: q.amount + excess })
  const after = await reader(ctx, 1).getBalance({ address: other(ctx), blockNumber: receipt.blockNumber })
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  const refund = (await txsOf(ctx, q.requestId)).find((t) => t.kind === 'refund')!
  assert.is(refund.to_address, other(ctx).toLowerCase())
  const back = BigInt(refund.amount)
  const mined = await reader(ctx, 1).getTransactionReceipt({ hash: (await txsOf(ctx, q.requestId)).find((t) => t.kind === 'refund')!.tx_hash })
  assert.is(back, excess - mined.gasUsed * mined.effectiveGasPrice, 'the excess less exactly its network fee')
  assert.is(await reader(ctx, 1).getBalance({ address: other(ctx) }), after + back)
  assert.is(await reader(ctx, 1).getBalance({ address: q.depositAddress }), 0n, 'swept, its gas paid from it')
})

test('attack: a database dump holds the deposit key sealed: it opens only with the server\'s key and for its own quote', async (ctx) => {
  const q = await relayQuote(ctx, fresh(), '1')
  const [row] = await ctx.api!.db.query<{ deposit_key: string }>('SELECT deposit_key FROM pay_relays WHERE request_id = $1', [q.requestId])
  assert.match(row!.deposit_key, /^v1:/)
  assert.is(privateKeyToAccount(openDepositKey(Buffer.from(key, 'hex'), q.requestId, row!.deposit_key)).address.toLowerCase(), q.depositAddress.toLowerCase())
  assert.throws(() => openDepositKey(randomBytes(32), q.requestId, row!.deposit_key), /cannot be opened with this server's PAY_RELAY_KEY/)
  assert.throws(() => openDepositKey(Buffer.from(key, 'hex'), `0x${'00'.repeat(32)}`, row!.deposit_key), /cannot be opened/)
})

test('several senders: the earliest transfers pay, and each sender gets back what it sent beyond that', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '2')
  const half = q.amount / 2n
  const [payerBefore, otherBefore] = [await usdcOf(ctx, 1, payer(ctx)), await usdcOf(ctx, 1, other(ctx))]
  await depositUsdc(ctx, payer(ctx), q.depositAddress, half)
  await depositUsdc(ctx, other(ctx), q.depositAddress, q.amount)
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 1, payer(ctx)), payerBefore - half, 'the first sender\'s half was spent whole')
  assert.is(await usdcOf(ctx, 1, other(ctx)), otherBefore - (q.amount - half), 'the second paid the rest and got its excess back')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('2', 6))
})

test('attack: sixty older quotes left unswept neither starve a waiting quote nor each other in the periodic look', async (ctx) => {
  const q = await relayQuote(ctx, fresh(), '1')
  const db = ctx.api!.db
  const dayAgo = Date.now() - 24 * 3_600_000
  await db.query(
    `INSERT INTO pay_relays (request_id, project_id, origin_chain_id, origin_currency, deposit_amount, deposit_address, deposit_key, destination_chain_id, destination_currency, recipient, amount_out, deadline, status, created_at)
     SELECT 'old' || g, project_id, origin_chain_id, origin_currency, deposit_amount, 'old' || g, deposit_key, destination_chain_id, destination_currency, recipient, amount_out, deadline, 'success', $2::bigint + g
     FROM pay_relays, generate_series(1, 60) g WHERE request_id = $1`,
    [q.requestId, dayAgo],
  )
  try {
    const first = await dueRelays(db)
    assert.ok(first.includes(q.requestId), 'the waiting quote is looked at')
    // The first round's quotes looked at (their leases released a second ago): the next round takes the ones left.
    await db.query('UPDATE pay_relays SET lease_until = $2 WHERE request_id = ANY($1)', [first, Date.now() - 1_000])
    const second = await dueRelays(db)
    const left = (await db.query<{ request_id: string }>("SELECT request_id FROM pay_relays WHERE request_id LIKE 'old%' AND NOT (request_id = ANY($1))", [first])).map((r) => r.request_id)
    assert.ok(left.length > 0)
    for (const id of left) assert.ok(second.includes(id), `${id} is looked at in the next round`)
  } finally {
    await db.query("DELETE FROM pay_relays WHERE request_id LIKE 'old%'")
  }
})

test('native coin: an excess smaller than its own network fee is recorded kept ("too small to return") and does not hold up the sweep', async (ctx) => {
  const q = await relayQuote(ctx, fresh(), '1', { user: undefined, originCurrency: NATIVE })
  await send(ctx, 1, { from: other(ctx), to: q.depositAddress, value: q.amount + 1n })
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  const [kept] = await ctx.api!.db.query<{ kind: string; status: string; amount: string; to_address: string; note: string }>("SELECT kind, status, amount, to_address, note FROM pay_relay_txs WHERE request_id = $1 AND kind = 'refund'", [q.requestId])
  assert.equal(kept, { kind: 'refund', status: 'kept', amount: '1', to_address: other(ctx).toLowerCase(), note: 'too small to return' })
  assert.is(await reader(ctx, 1).getBalance({ address: q.depositAddress }), 0n, 'swept, the wei with it')
  const [row] = await ctx.api!.db.query<{ swept_at: string | null }>('SELECT swept_at FROM pay_relays WHERE request_id = $1', [q.requestId])
  assert.ok(row!.swept_at !== null)
})

// Last: it moves Polygon's clock 21 minutes on.
test('attack: a deposit after the deadline goes back to the address it came from, not the payer the quote named; the quote reports refund', async (ctx) => {
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '1')
  await reader(ctx, 1).request({ method: 'evm_increaseTime', params: [21 * 60] } as never)
  await reader(ctx, 1).request({ method: 'evm_mine', params: [] } as never)
  const payerBefore = await usdcOf(ctx, 1, payer(ctx))
  const otherBefore = await usdcOf(ctx, 1, other(ctx))
  await depositUsdc(ctx, other(ctx), q.depositAddress, q.amount)
  assert.is(await relayStatus(ctx, q.requestId), 'refund')
  assert.is(await usdcOf(ctx, 1, other(ctx)), otherBefore)
  assert.is(await usdcOf(ctx, 1, payer(ctx)), payerBefore)
  assert.is(await usdcOf(ctx, 0, shop), 0n)
  const [row] = await ctx.api!.db.query<{ status: string }>('SELECT status FROM pay_relays WHERE request_id = $1', [q.requestId])
  assert.is(row!.status, 'refunded')
  // Money sent to the quote after it was refunded goes back too.
  await depositUsdc(ctx, other(ctx), q.depositAddress, parseUnits('0.7', 6))
  assert.is(await relayStatus(ctx, q.requestId), 'refund')
  assert.is(await usdcOf(ctx, 1, other(ctx)), otherBefore, 'the later 0.7 USDC came back too')
  assert.is(await usdcOf(ctx, 1, q.depositAddress), 0n)
})

test.run()
