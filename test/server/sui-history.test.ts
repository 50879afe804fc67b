// The history endpoint for Sui addresses, read from the network's full node (SUI_RPC_URLS) with
// suix_queryTransactionBlocks: here the local Sui node (dev/sui), what the address sent and what
// reached it merged newest first over more than one page, the cursor bound to its address.
import type { Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SuiJsonRpcClient } from '@mysten/sui/jsonRpc'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { MIST_PER_SUI, startSui, type LocalSui } from '../../dev/sui/index.ts'
import { suiNodeProxy, type SuiFake } from './sui-node-proxy.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { accountHistory as history } from './account-routes.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  sui?: LocalSui
  api?: ApiServer
  proxy?: Server
  fake?: SuiFake
}
const test = suite<Ctx>('server: Sui history', {})
const CHAIN = 'sui:localnet'
const SENDS = 25
const owner = new Ed25519Keypair()
const carol = new Ed25519Keypair()
const bob = new Ed25519Keypair().toSuiAddress()
/** Every transaction, oldest first. */
const digests: string[] = []

const watchdog = setTimeout(() => (console.error('sui-history.test.ts: timed out'), process.exit(1)), watchdogMs(90_000))
test.before(async (ctx) => {
  ctx.sui = await startSui({ fund: [owner.toSuiAddress(), carol.toSuiAddress()] })
  const client = new SuiJsonRpcClient({ url: ctx.sui.url, network: 'localnet' })
  const transfer = async (from: Ed25519Keypair, to: string, amount: bigint) => {
    const tx = new Transaction()
    tx.setSender(from.toSuiAddress())
    tx.transferObjects([tx.splitCoins(tx.gas, [amount])[0]!], to)
    digests.push((await client.signAndExecuteTransaction({ transaction: tx, signer: from })).digest)
  }
  // The owner's sends, each its own amount, with carol's payment to it in between.
  for (let i = 0; i < SENDS; i++) {
    await transfer(owner, bob, MIST_PER_SUI / 10n + BigInt(i))
    if (i === 11) await transfer(carol, owner.toSuiAddress(), 7n * MIST_PER_SUI)
  }
  const proxy = await suiNodeProxy(ctx.sui.url, (method, params) => ctx.fake?.(method, params))
  ctx.proxy = proxy.server
  ctx.api = await startApiServer({ chains: [], suiRpcUrls: { [CHAIN]: proxy.url }, indexer: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await new Promise((resolve) => ctx.proxy?.close(resolve))
  await ctx.sui?.stop()
  clearTimeout(watchdog)
})

async function everything(api: ApiServer, address: string) {
  const items: any[] = []
  const cursors: string[] = []
  let cursor: string | undefined
  do {
    const { status, body } = await history(api, address, cursor ? { cursor } : {})
    assert.is(status, 200, JSON.stringify(body))
    assert.ok(body.data.length <= 20)
    items.push(...body.data)
    cursor = body.next ?? undefined
    if (cursor) cursors.push(cursor)
  } while (cursor && cursors.length < 10)
  assert.is(cursor, undefined, 'the last page has no next')
  return { items, pages: cursors.length + 1, cursors }
}

test('behavior: the sender\'s transfers and what it received come once each, newest first, over two pages', async (ctx) => {
  const { items, pages } = await everything(ctx.api!, owner.toSuiAddress())
  assert.is(pages, 2)
  assert.is(items.length, SENDS + 1)
  assert.equal(items.map((i) => i.metadata.hash), [...digests].reverse(), 'the node\'s transactions, newest first, each once')
  const sends = items.filter((i) => i.metadata.operationType === 'send')
  assert.is(sends.length, SENDS)
  assert.ok(sends.every((i) => i.metadata.sentTo === bob && i.metadata.sentFrom === owner.toSuiAddress() && i.transfers[0].direction === 'out' && i.metadata.chain === CHAIN && i.metadata.status === 'confirmed'))
  // What left for bob, without the gas: the oldest 0.1 SUI exactly, the newest 0.1 SUI and 24 MIST.
  assert.equal([sends.at(-1).transfers[0].quantity.numeric, sends[0].transfers[0].quantity.numeric], ['0.1', '0.100000024'])
  const received = items.find((i) => i.metadata.operationType === 'receive')
  assert.equal([received.metadata.sentFrom, received.metadata.sentTo, received.transfers[0].fungible_info.symbol, received.transfers[0].direction, received.transfers[0].quantity.numeric], [carol.toSuiAddress(), owner.toSuiAddress(), 'SUI', 'in', '7'])
  assert.ok(!Number.isNaN(Date.parse(received.metadata.minedAt)) && Date.parse(received.metadata.minedAt) > Date.now() - 120_000)
})

test('behavior: the recipient sees the transfers as receives; an address with none gets an empty page', async (ctx) => {
  const { items } = await everything(ctx.api!, bob)
  assert.is(items.length, SENDS)
  assert.ok(items.every((i) => i.metadata.operationType === 'receive' && i.metadata.sentFrom === owner.toSuiAddress() && i.metadata.sentTo === bob))
  assert.equal((await history(ctx.api!, new Ed25519Keypair().toSuiAddress(), { chainId: CHAIN })).body, { data: [], next: null })
})

test('behavior: a transfer that failed in execution is listed as failed, its gas not shown as a transfer', async (ctx) => {
  const dave = new Ed25519Keypair()
  ctx.sui!.ledger.mint(dave.toSuiAddress(), MIST_PER_SUI)
  const client = new SuiJsonRpcClient({ url: ctx.sui!.url, network: 'localnet' })
  const tx = new Transaction()
  tx.setSender(dave.toSuiAddress())
  tx.transferObjects([tx.splitCoins(tx.gas, [2n * MIST_PER_SUI])[0]!], bob)
  const result = await client.signAndExecuteTransaction({ transaction: tx, signer: dave, options: { showEffects: true } })
  assert.is(result.effects?.status.status, 'failure')
  const { body } = await history(ctx.api!, dave.toSuiAddress())
  assert.equal(body.data.map((i: any) => [i.metadata.hash, i.metadata.operationType, i.metadata.status, i.transfers.length]), [[result.digest, 'send', 'failed', 0]])
  assert.is(body.next, null)
})

test('attack: a cursor made for another address, or edited to start at another\'s transaction, never reads that other address\'s history', async (ctx) => {
  const { cursors } = await everything(ctx.api!, owner.toSuiAddress())
  const theirs = await history(ctx.api!, bob, { cursor: cursors[0]! })
  assert.is(theirs.status, 400)
  assert.match(theirs.body.reason, /^cursor: is not a cursor from this API/)
  // Bob's own cursor, its positions moved to carol's payment (a transaction bob has no part in).
  const bobs = await history(ctx.api!, bob)
  const stored = JSON.parse(Buffer.from(bobs.body.next, 'base64url').toString('utf8'))
  const edited = Buffer.from(JSON.stringify({ ...stored, from: digests[12], to: digests[12] })).toString('base64url')
  const page = await history(ctx.api!, bob, { cursor: edited })
  assert.is(page.status, 200)
  assert.ok(page.body.data.length > 0)
  assert.ok(page.body.data.every((i: any) => i.metadata.sentTo === bob), 'only bob\'s own receives')
  assert.not.ok(page.body.data.some((i: any) => i.metadata.hash === digests[12]))
})

test('input: a cursor that is not the server\'s is a 400; one naming no transaction, and a network not served, are refused', async (ctx) => {
  const address = owner.toSuiAddress()
  for (const cursor of ['!!', Buffer.from('[1]').toString('base64url'), Buffer.from(JSON.stringify({ sui: 1, of: 'x', from: null, to: null })).toString('base64url')]) {
    const { status, body } = await history(ctx.api!, address, { cursor })
    assert.is(status, 400)
    assert.match(body.reason, /^cursor: is not a cursor from this API/)
  }
  const first = await history(ctx.api!, address)
  const stored = JSON.parse(Buffer.from(first.body.next, 'base64url').toString('utf8'))
  const unknown = Buffer.from(JSON.stringify({ ...stored, from: '11111111111111111111111111111111' })).toString('base64url')
  const read = await history(ctx.api!, address, { cursor: unknown })
  assert.is(read.status, 502)
  assert.match(read.body.reason, /^chain read failed: Sui RPC suix_queryTransactionBlocks: Could not find the referenced transaction/)
  assert.is((await history(ctx.api!, address, { chainId: 'sui:mainnet' })).status, 400)
  assert.is((await history(ctx.api!, `${address}0`)).status, 400)
})

test('input: an answer of the node that is not its shape is a 502 naming the read, never a 500 or a made-up item', async (ctx) => {
  const tx = { digest: digests[0], timestampMs: '1', transaction: { data: { sender: owner.toSuiAddress() } }, effects: { status: { status: 'success' }, gasUsed: { computationCost: '1', storageCost: '1', storageRebate: '1' }, gasObject: { owner: { AddressOwner: owner.toSuiAddress() } } }, balanceChanges: [] }
  const answers = [
    { jsonrpc: '2.0', id: 1, result: { data: [{ ...tx, digest: 'nope' }], nextCursor: null, hasNextPage: false } },
    { jsonrpc: '2.0', id: 1, result: { data: [{ ...tx, balanceChanges: [{ owner: { AddressOwner: owner.toSuiAddress() }, coinType: '0x2::sui::SUI', amount: '1e9' }] }], nextCursor: null, hasNextPage: false } },
    { jsonrpc: '2.0', id: 1, result: { data: [{ ...tx, transaction: { data: { sender: 'mallory' } } }], nextCursor: null, hasNextPage: false } },
    { jsonrpc: '2.0', id: 1, result: 'nope' },
    { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'overloaded' } },
    null,
  ]
  try {
    for (const answer of answers) {
      ctx.fake = (method) => (method === 'suix_queryTransactionBlocks' ? answer : undefined)
      const { status, body } = await history(ctx.api!, owner.toSuiAddress())
      assert.is(status, 502, JSON.stringify(body))
      assert.match(body.reason, /^chain read failed: Sui RPC suix_queryTransactionBlocks: /)
    }
  } finally {
    ctx.fake = undefined
  }
})

test.run()
