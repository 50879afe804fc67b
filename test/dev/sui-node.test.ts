// The local Sui node (dev/sui) as @mysten/sui's own client meets it: a SUI transfer built against it
// (gas price, coins, dry run), signed and executed moves balances; a forged signature, a replayed or
// stale transaction and an overspend are refused in Sui's own words; the ledger survives a restart.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SuiJsonRpcClient, JsonRpcError } from '@mysten/sui/jsonRpc'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { toBase64 } from '@mysten/sui/utils'
import { MIST_PER_SUI, startSui, type LocalSui } from '../../dev/sui/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite('dev: local Sui node')
const stateDir = mkdtempSync(join(tmpdir(), 'postern-sui-state-'))
const alice = Ed25519Keypair.deriveKeypair('test test test test test test test test test test test junk', "m/44'/784'/0'/0'/0'")
const mallory = new Ed25519Keypair()
const bob = new Ed25519Keypair().toSuiAddress()
let node: LocalSui | undefined
let client: SuiJsonRpcClient

const watchdog = setTimeout(() => (console.error('sui-node.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async () => {
  node = await startSui({ fund: [alice.toSuiAddress()], stateDir })
  client = new SuiJsonRpcClient({ url: node.url, network: 'localnet' })
})
test.after(async () => {
  await node?.stop()
  rmSync(stateDir, { recursive: true, force: true })
  clearTimeout(watchdog)
})

const balance = async (owner: string) => BigInt((await client.getBalance({ owner })).totalBalance)
/** A built, signed transfer of `amount` MIST from alice to `to` (split from gas, then transfer). */
async function signedTransfer(amount: bigint, to = bob, signer = alice, sender = alice.toSuiAddress()) {
  const tx = new Transaction()
  tx.setSender(sender)
  const [coin] = tx.splitCoins(tx.gas, [amount])
  tx.transferObjects([coin!], to)
  const bytes = await tx.build({ client })
  const { signature } = await signer.signTransaction(bytes)
  return { bytes, signature }
}
async function refusal(call: Promise<unknown>): Promise<JsonRpcError> {
  try {
    await call
  } catch (error) {
    if (error instanceof JsonRpcError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

test('behavior: a SUI transfer built, signed and executed through SuiJsonRpcClient moves balances; the digest reads back', async () => {
  const before = await balance(alice.toSuiAddress())
  assert.is(before, 2000n * MIST_PER_SUI)
  const { bytes, signature } = await signedTransfer(3n * MIST_PER_SUI)
  const result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true, showBalanceChanges: true } })
  assert.is(result.effects?.status.status, 'success')
  assert.is(await balance(bob), 3n * MIST_PER_SUI)
  const gas = result.effects!.gasUsed
  const fee = BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)
  assert.ok(fee > 0n)
  assert.is(await balance(alice.toSuiAddress()), before - 3n * MIST_PER_SUI - fee)
  // Read back by digest, with the signed bytes, as the core client does.
  const read = await client.core.getTransaction({ digest: result.digest, include: { transaction: true } })
  assert.is(read.Transaction?.digest, result.digest)
  assert.is(read.Transaction?.transaction?.sender, alice.toSuiAddress())
  const [coin] = (await client.getCoins({ owner: bob })).data
  const object = await client.getObject({ id: coin!.coinObjectId, options: { showOwner: true, showContent: true } })
  assert.equal(object.data?.owner, { AddressOwner: bob })
  assert.is(object.data?.version, coin!.version)
  assert.is(await client.core.getChainIdentifier().then((r) => r.chainIdentifier), node!.ledger.genesisDigest)
})

test('attack: a signature by another key, or by the sender over other bytes, is refused and nothing moves', async () => {
  const before = await balance(bob)
  const forged = await signedTransfer(MIST_PER_SUI, bob, mallory)
  const error = await refusal(client.executeTransactionBlock({ transactionBlock: forged.bytes, signature: forged.signature }))
  assert.is(error.code, -32002)
  assert.match(error.message, /^Invalid user signature: Signature is not valid: /)
  const a = await signedTransfer(MIST_PER_SUI)
  const b = await signedTransfer(2n * MIST_PER_SUI)
  const swapped = await refusal(client.executeTransactionBlock({ transactionBlock: b.bytes, signature: a.signature }))
  assert.is(swapped.code, -32002)
  assert.is(await balance(bob), before)
})

test('attack: a transaction replayed is executed once (its first result again), and one built on spent coins is refused', async () => {
  const before = await balance(bob)
  const first = await signedTransfer(MIST_PER_SUI)
  const stale = await signedTransfer(MIST_PER_SUI + 1n) // another transfer on the same gas coins, same versions
  const once = await client.executeTransactionBlock({ transactionBlock: first.bytes, signature: first.signature })
  const again = await client.executeTransactionBlock({ transactionBlock: first.bytes, signature: first.signature })
  assert.is(again.digest, once.digest)
  assert.is(await balance(bob), before + MIST_PER_SUI, 'the replay moved nothing')
  const error = await refusal(client.executeTransactionBlock({ transactionBlock: stale.bytes, signature: stale.signature }))
  assert.is(error.code, -32002)
  assert.match(error.message, /^Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- Transaction needs to be rebuilt because object 0x[0-9a-f]{64} version 0x[0-9a-f]+ is unavailable for consumption, current version: 0x[0-9a-f]+$/)
  assert.is(await balance(bob), before + MIST_PER_SUI)
})

test('attack: an overspend fails in execution (only gas moves); a budget past the gas coins is refused before', async () => {
  const owner = alice.toSuiAddress()
  const before = await balance(owner)
  const bobBefore = await balance(bob)
  // The dry run pays with a mock coin (as Sui's does), so the build goes through; execution refuses the split.
  const { bytes, signature } = await signedTransfer(before + 1n)
  const result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true } })
  assert.equal(result.effects?.status, { status: 'failure', error: 'InsufficientCoinBalance in command 0' })
  assert.is(await balance(bob), bobBefore)
  const gas = result.effects!.gasUsed
  assert.is(await balance(owner), before - (BigInt(gas.computationCost) + BigInt(gas.storageCost) - BigInt(gas.storageRebate)))
  // A budget larger than the gas coins hold: refused before execution.
  const carol = new Ed25519Keypair()
  const funding = await signedTransfer(10_000_000n, carol.toSuiAddress())
  await client.executeTransactionBlock({ transactionBlock: funding.bytes, signature: funding.signature })
  const tx = new Transaction()
  tx.setSender(carol.toSuiAddress())
  tx.setGasBudget(20_000_000n)
  tx.transferObjects([tx.splitCoins(tx.gas, [1n])[0]!], bob)
  const big = await tx.build({ client })
  const error = await refusal(client.executeTransactionBlock({ transactionBlock: big, signature: (await carol.signTransaction(big)).signature }))
  assert.is(error.code, -32002)
  assert.match(error.message, /\n- Balance of gas object 10000000 is lower than the needed amount: 20000000$/)
  assert.is(await balance(carol.toSuiAddress()), 10_000_000n)
})

test('bad input: malformed bytes, an unknown digest and an unknown method get JSON-RPC errors, not a crash', async () => {
  const call = async (method: string, params: unknown[]) => (await fetch(node!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json() as Promise<{ error?: { code: number; message: string } }>
  assert.is((await call('sui_executeTransactionBlock', [toBase64(new Uint8Array([1, 2, 3])), []])).error?.code, -32602)
  assert.is((await call('sui_executeTransactionBlock', ['not base64!', []])).error?.code, -32602)
  const missing = await call('sui_getTransactionBlock', ['11111111111111111111111111111111', {}])
  assert.is(missing.error?.message, 'Could not find the referenced transaction [TransactionDigest(11111111111111111111111111111111)].')
  assert.is((await call('sui_dropEverything', [])).error?.code, -32601)
  assert.is((await call('suix_getBalance', ['not an address'])).error?.code, -32602)
})

test('behavior: after a restart the coins and transactions are the same; a corrupt file is put aside', async () => {
  const owner = alice.toSuiAddress()
  const before = { alice: await balance(owner), bob: await balance(bob), coins: (await client.getCoins({ owner })).data }
  const digest = node!.ledger.checkpoints.at(-1)!.transactions[0]!
  await node!.stop()
  node = await startSui({ fund: [owner], stateDir })
  client = new SuiJsonRpcClient({ url: node.url, network: 'localnet' })
  assert.equal({ alice: await balance(owner), bob: await balance(bob), coins: (await client.getCoins({ owner })).data }, before, 'not funded twice, nothing lost')
  assert.is((await client.getTransactionBlock({ digest })).digest, digest)
  // A transfer after the restart still builds on the kept versions.
  const { bytes, signature } = await signedTransfer(MIST_PER_SUI)
  assert.is((await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true } })).effects?.status.status, 'success')
  await node!.stop()
  const file = join(stateDir, 'ledger.json')
  const saved = JSON.parse(readFileSync(file, 'utf8'))
  saved.coins[0].balance = '999999999999999999'
  writeFileSync(file, JSON.stringify(saved))
  node = await startSui({ fund: [owner], stateDir })
  client = new SuiJsonRpcClient({ url: node.url, network: 'localnet' })
  assert.ok(existsSync(`${file}.corrupt`), 'the edited file is put aside')
  assert.is(await balance(owner), 2000n * MIST_PER_SUI, 'a fresh ledger')
})

test.run()
