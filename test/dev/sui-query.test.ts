// The local Sui node's suix_queryTransactionBlocks as a full node answers it: FromAddress and
// ToAddress filters, either order, pages after a digest, showInput/showEffects/showBalanceChanges;
// an unknown cursor and an unsupported filter are JSON-RPC errors.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SuiJsonRpcClient, JsonRpcError } from '@mysten/sui/jsonRpc'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { MIST_PER_SUI, startSui, type LocalSui } from '../../dev/sui/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite('dev: local Sui node, transaction queries')
const alice = new Ed25519Keypair()
const carol = new Ed25519Keypair()
const bob = new Ed25519Keypair().toSuiAddress()
let node: LocalSui | undefined
let client: SuiJsonRpcClient
const sent: string[] = []

async function transfer(from: Ed25519Keypair, to: string, amount: bigint): Promise<string> {
  const tx = new Transaction()
  tx.setSender(from.toSuiAddress())
  tx.transferObjects([tx.splitCoins(tx.gas, [amount])[0]!], to)
  const result = await client.signAndExecuteTransaction({ transaction: tx, signer: from })
  return result.digest
}

const watchdog = setTimeout(() => (console.error('sui-query.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async () => {
  node = await startSui({ fund: [alice.toSuiAddress(), carol.toSuiAddress()] })
  client = new SuiJsonRpcClient({ url: node.url, network: 'localnet' })
  for (let i = 0; i < 3; i++) sent.push(await transfer(alice, bob, MIST_PER_SUI + BigInt(i)))
  sent.push(await transfer(carol, alice.toSuiAddress(), 7n * MIST_PER_SUI))
})
test.after(async () => {
  await node?.stop()
  clearTimeout(watchdog)
})

test('behavior: FromAddress lists what the address sent, newest first, in pages after a digest; ascending is the reverse', async () => {
  const filter = { FromAddress: alice.toSuiAddress() }
  const first = await client.queryTransactionBlocks({ filter, limit: 2, order: 'descending' })
  assert.equal(first.data.map((t) => t.digest), [sent[2], sent[1]])
  assert.ok(first.hasNextPage)
  const second = await client.queryTransactionBlocks({ filter, limit: 2, order: 'descending', cursor: first.nextCursor })
  assert.equal(second.data.map((t) => t.digest), [sent[0]])
  assert.not.ok(second.hasNextPage)
  const ascending = await client.queryTransactionBlocks({ filter, order: 'ascending' })
  assert.equal(ascending.data.map((t) => t.digest), sent.slice(0, 3))
})

test('behavior: ToAddress lists what left objects with the address (a receive, and the sender\'s own gas coin); the options shape each answer', async () => {
  const received = await client.queryTransactionBlocks({ filter: { ToAddress: bob }, order: 'descending', options: { showInput: true, showEffects: true, showBalanceChanges: true } })
  assert.equal(received.data.map((t) => t.digest), [sent[2], sent[1], sent[0]])
  const tx = received.data[0]!
  assert.is(tx.transaction?.data.sender, alice.toSuiAddress())
  assert.is(tx.effects?.status.status, 'success')
  assert.ok(tx.balanceChanges?.some((c) => (c.owner as { AddressOwner: string }).AddressOwner === bob && c.amount === String(MIST_PER_SUI + 2n)))
  const toAlice = await client.queryTransactionBlocks({ filter: { ToAddress: alice.toSuiAddress() }, order: 'descending' })
  assert.equal(toAlice.data.map((t) => t.digest), [sent[3], sent[2], sent[1], sent[0]])
  assert.is(toAlice.data[0]!.effects, undefined, 'without options, only the digest and its place')
})

test('bad input: an unknown cursor and a filter full nodes do not serve are JSON-RPC errors', async () => {
  for (const call of [
    client.queryTransactionBlocks({ filter: { FromAddress: bob }, cursor: '11111111111111111111111111111111' }),
    client.queryTransactionBlocks({ filter: { InputObject: '0x2' } }),
  ]) {
    const error = await call.then(() => undefined, (e: unknown) => e)
    assert.instance(error, JsonRpcError)
    assert.is((error as JsonRpcError).code, -32602)
  }
})

test.run()
