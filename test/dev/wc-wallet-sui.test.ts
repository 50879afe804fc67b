// The WalletConnect test wallet's Sui namespace against the local Sui node (dev/sui):
// sui_signAndExecuteTransaction builds, signs and executes a transfer the dApp sent unbuilt and
// answers with the real digest; sui_signTransaction only signs; a chain without a node is refused.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SuiJsonRpcClient } from '@mysten/sui/jsonRpc'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { verifyTransactionSignature } from '@mysten/sui/verify'
import { fromBase64 } from '@mysten/sui/utils'
import { LOCAL_SUI_CHAIN, MIST_PER_SUI, startSui, type LocalSui } from '../../dev/sui/index.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'
import { WalletRpcError } from '../../dev/wallet/walletconnect/rpc.ts'

const test = suite('dev: the WalletConnect test wallet executes Sui transactions on the local node')
let node: LocalSui
let wallet: ReturnType<typeof suiHandler>
let client: SuiJsonRpcClient
const bob = new Ed25519Keypair().toSuiAddress()

test.before(async () => {
  wallet = suiHandler()
  node = await startSui({ fund: [wallet.address] })
  wallet = suiHandler({ rpcUrls: { [LOCAL_SUI_CHAIN]: node.url } })
  client = new SuiJsonRpcClient({ url: node.url, network: 'localnet' })
})
test.after(async () => {
  await node?.stop()
})

const balance = async (owner: string) => BigInt((await client.getBalance({ owner })).totalBalance)
/** A transfer as a dApp sends it: unbuilt (no gas, no budget), serialized with toJSON. */
async function transfer(amount: bigint, to = bob): Promise<string> {
  const tx = new Transaction()
  tx.setSender(wallet.address)
  tx.transferObjects([tx.splitCoins(tx.gas, [amount])[0]!], to)
  return tx.toJSON()
}
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    if (error instanceof WalletRpcError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

test('behavior: sui_signAndExecuteTransaction executes an unbuilt transfer and answers with the digest the node knows', async () => {
  assert.ok(wallet.methods.includes('sui_signAndExecuteTransaction'))
  assert.ok(wallet.chains.includes(LOCAL_SUI_CHAIN))
  const result = await wallet.answer('sui_signAndExecuteTransaction', { transaction: await transfer(2n * MIST_PER_SUI), address: wallet.address }, LOCAL_SUI_CHAIN, {}) as { digest: string; bytes: string; signature: string }
  assert.is(await balance(bob), 2n * MIST_PER_SUI)
  const onChain = await client.getTransactionBlock({ digest: result.digest, options: { showEffects: true } })
  assert.is(onChain.effects?.status.status, 'success')
  assert.is((await verifyTransactionSignature(fromBase64(result.bytes), result.signature, { address: wallet.address })).toSuiAddress(), wallet.address)
})

test('behavior: sui_signTransaction builds against the node and signs, but executes nothing', async () => {
  const before = await balance(bob)
  const signed = await wallet.answer('sui_signTransaction', { transaction: await transfer(MIST_PER_SUI), address: wallet.address }, LOCAL_SUI_CHAIN, {}) as { signature: string; transactionBytes: string }
  await verifyTransactionSignature(fromBase64(signed.transactionBytes), signed.signature, { address: wallet.address })
  assert.is(await balance(bob), before)
  // The dApp may execute it itself: the node takes the wallet's signature.
  const executed = await client.executeTransactionBlock({ transactionBlock: signed.transactionBytes, signature: signed.signature, options: { showEffects: true } })
  assert.is(executed.effects?.status.status, 'success')
  assert.is(await balance(bob), before + MIST_PER_SUI)
})

test('bad input: an overspend, a chain without a node, another account and a malformed transaction are refused', async () => {
  const before = await balance(bob)
  const over = await refusal(wallet.answer('sui_signAndExecuteTransaction', { transaction: await transfer(10_000n * MIST_PER_SUI), address: wallet.address }, LOCAL_SUI_CHAIN, {}))
  assert.match(over.message, /failed: InsufficientCoinBalance in command 0$/)
  assert.is((await refusal(wallet.answer('sui_signAndExecuteTransaction', { transaction: await transfer(1n) }, 'sui:mainnet', {}))).code, 4200)
  assert.is((await refusal(wallet.answer('sui_signAndExecuteTransaction', { transaction: await transfer(1n), address: bob }, LOCAL_SUI_CHAIN, {}))).code, 4100)
  assert.is((await refusal(wallet.answer('sui_signAndExecuteTransaction', { transaction: 'not a transaction' }, LOCAL_SUI_CHAIN, {}))).code, -32602)
  assert.is(await balance(bob), before)
})

test.run()
