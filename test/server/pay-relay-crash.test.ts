// The relayer dies mid-payout and a restarted server (same database, same sealing key) resumes it:
// killed after recording the signed payout and before broadcasting it, or after broadcasting it
// and before recording its outcome, the recipient ends with exactly one payout; and a signed
// payout whose nonce another transaction took in between is given up and paid once anew. A
// deposit key stored in the clear by an older server is sealed when the server starts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseUnits, type Hex } from 'viem'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { openDepositKey } from '../../server/pay-relay-key.ts'
import type { RelayFault } from '../../server/pay-relay-tx.ts'
import { depositUsdc, fresh, relayQuote, relayStatus, send, usdcOf } from './pay-relay-fixture.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx { chains?: LocalChains; api?: ApiServer; dataDir?: string }
const test = suite<Ctx>('pay relayer: a payout survives the server dying mid-way', {})
const key = randomBytes(32).toString('hex')
const watchdog = setTimeout(() => { console.error('pay-relay-crash.test.ts: timed out'); process.exit(1) }, watchdogMs(180_000))

/** A server on the file's PGlite folder; `fault` stands in for the process dying at that point (it looks at nothing after). */
const start = (ctx: Ctx, fault?: RelayFault) =>
  startApiServer({ chains: ctx.chains!.chains, dataDir: ctx.dataDir, onrampSandbox: false, indexer: false, payRelay: { key, fault, intervalMs: 3_600_000 } })

test.before(async (ctx) => {
  ctx.chains = await startChains()
  ctx.dataDir = mkdtempSync(join(tmpdir(), 'pay-relay-crash-'))
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.chains?.stop()
  rmSync(ctx.dataDir!, { recursive: true, force: true })
  clearTimeout(watchdog)
})

/** Quote and deposit on a server that dies at `point`; then a fresh server's status look. */
async function dieAt(ctx: Ctx, point: string, between?: () => Promise<void>) {
  let died = false
  ctx.api = await start(ctx, (at) => {
    if (at !== point) return
    died = true
    throw new Error(`died at ${at}`)
  })
  const shop = fresh()
  const q = await relayQuote(ctx, shop, '2')
  await depositUsdc(ctx, ctx.chains!.accounts[1]!, q.depositAddress, q.amount)
  assert.is(await relayStatus(ctx, q.requestId), 'pending', 'the payout was cut short')
  assert.ok(died)
  await ctx.api.stop()
  await between?.()
  ctx.api = await start(ctx)
  return { shop, q }
}

test('died after signing, before broadcasting: the restarted server broadcasts the recorded payout; one payout', async (ctx) => {
  const { shop, q } = await dieAt(ctx, 'payout:signed')
  assert.is(await usdcOf(ctx, 0, shop), 0n, 'nothing was broadcast')
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('2', 6))
  await ctx.api!.stop()
})

test('died after broadcasting, before recording the outcome: the restarted server finds the payout on chain and sends none; one payout', async (ctx) => {
  const { shop, q } = await dieAt(ctx, 'payout:broadcast')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('2', 6), 'the payout was mined before the server died')
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('2', 6), 'not paid again')
  await ctx.api!.stop()
})

test('died after signing, and the treasury\'s nonce went to another transaction: the recorded payout is dropped and one new payout made', async (ctx) => {
  const { shop, q } = await dieAt(ctx, 'payout:signed', async () => {
    // The node's own account sends something else meanwhile (as the onramp sandbox would), taking the nonce.
    const accounts = ctx.chains!.accounts
    const rpc = await fetch(ctx.chains!.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts' }) })
    const treasury = ((await rpc.json()) as any).result.at(-1) as Hex
    await send(ctx, 0, { from: treasury, to: accounts[3]!, value: 1n })
  })
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  assert.is(await usdcOf(ctx, 0, shop), parseUnits('2', 6))
  const txs = await ctx.api!.db.query<{ kind: string; status: string }>('SELECT kind, status FROM pay_relay_txs WHERE request_id = $1 AND kind = \'payout\' ORDER BY id', [q.requestId])
  assert.equal(txs.map((t) => t.status), ['dropped', 'confirmed'])
})

test('a deposit key stored in the clear (before keys were sealed) is sealed when the server starts, and opens to the same key', async (ctx) => {
  const q = await relayQuote(ctx, fresh(), '1')
  const read = async () => (await ctx.api!.db.query<{ deposit_key: string }>('SELECT deposit_key FROM pay_relays WHERE request_id = $1', [q.requestId]))[0]!.deposit_key
  const plain = openDepositKey(Buffer.from(key, 'hex'), q.requestId, await read())
  await ctx.api!.db.query('UPDATE pay_relays SET deposit_key = $2 WHERE request_id = $1', [q.requestId, plain])
  await ctx.api!.stop()
  ctx.api = await start(ctx)
  const sealed = await read()
  assert.match(sealed, /^v1:/)
  assert.is(openDepositKey(Buffer.from(key, 'hex'), q.requestId, sealed), plain)
})

test('attack: a look that outlived its lease leaves alone the lease another server took meanwhile', async (ctx) => {
  await ctx.api!.stop()
  const theirs = Date.now() + 3_600_000
  // Mid-look (the payout signed), the lease lapses and another server takes the quote.
  ctx.api = await start(ctx, async (at, requestId) => {
    if (at === 'payout:signed') await ctx.api!.db.query('UPDATE pay_relays SET lease_until = $2 WHERE request_id = $1', [requestId, theirs])
  })
  const q = await relayQuote(ctx, fresh(), '1')
  await depositUsdc(ctx, ctx.chains!.accounts[1]!, q.depositAddress, q.amount)
  assert.is(await relayStatus(ctx, q.requestId), 'success')
  const [row] = await ctx.api!.db.query<{ lease_until: string }>('SELECT lease_until FROM pay_relays WHERE request_id = $1', [q.requestId])
  assert.is(Number(row!.lease_until), theirs, 'the other server still holds its lease')
})

test.run()
