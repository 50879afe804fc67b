// The local Solana ledger (litesvm + JSON-RPC) as an unmodified @solana/kit client sees it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  compileTransactionMessage,
  isSolanaError,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type Address,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getMintDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { startSolana, type LocalSolana } from '../../dev/solana/index.ts'
import { watchdogMs } from '../watchdog.ts'

const SOL = 1_000_000_000n

interface Ctx {
  solana?: LocalSolana
  rpc?: Rpc<SolanaRpcApi>
  signers: KeyPairSigner[]
  startMs: number
}
const test = suite<Ctx>('dev/solana JSON-RPC', { signers: [], startMs: 0 })

let teardown = async () => {}
const watchdog = setTimeout(() => {
  console.error('solana-rpc.test.ts: timed out')
  void teardown().finally(() => process.exit(1))
}, watchdogMs(40_000))

test.before(async (ctx) => {
  const t0 = performance.now()
  ctx.solana = await startSolana()
  ctx.startMs = performance.now() - t0
  teardown = () => ctx.solana!.stop()
  ctx.rpc = createSolanaRpc(ctx.solana.rpcUrl)
  ctx.signers = await Promise.all(ctx.solana.accounts.map((a) => createKeyPairSignerFromBytes(a.secretKey)))
})

test.after(async () => {
  await teardown()
  clearTimeout(watchdog)
})

async function rawCall(url: string, body: string): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  assert.is(res.status, 200)
  return res.json()
}

async function transferTransaction(rpc: Rpc<SolanaRpcApi>, from: KeyPairSigner, to: Address, amount: bigint, blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint }) {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount })], m),
  )
  return { message, signed: await signTransactionMessageWithSigners(message) }
}

async function waitForStatus(rpc: Rpc<SolanaRpcApi>, signature: Signature) {
  for (let i = 0; i < 50; i++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') return value[0]
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${signature} was not confirmed`)
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

test('starts on loopback with deterministic, funded demo keypairs', ({ solana, signers, startMs }) => {
  assert.ok(startMs < 3000, `took ${startMs.toFixed(0)} ms`)
  assert.match(solana!.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
  assert.is(solana!.accounts.length, 5)
  for (const [i, account] of solana!.accounts.entries()) {
    assert.is(account.secretKey.length, 64)
    assert.is(signers[i]!.address, account.address)
  }
  // Fixed seeds: the first demo address never changes.
  assert.is(solana!.accounts[0]!.address, 'AZFi8xTsL8FnYMY6ZcwjENZ1W9gvVXjkr3YXUMMYGkgN')
})

test('kit reads balances, the latest blockhash, the version and the slot', async ({ rpc, solana }) => {
  const balance = await rpc!.getBalance(address(solana!.accounts[1]!.address)).send()
  assert.is(balance.value, 100n * SOL)
  assert.ok(typeof balance.context.slot === 'bigint')
  const { value } = await rpc!.getLatestBlockhash().send()
  const slot = await rpc!.getSlot().send()
  assert.is(value.lastValidBlockHeight, (await rpc!.getBlockHeight().send()) + 150n)
  assert.ok((await rpc!.isBlockhashValid(value.blockhash).send()).value)
  assert.is((await rpc!.getVersion().send())['solana-core'], '3.0.0')
  assert.is(await rpc!.getHealth().send(), 'ok')
  assert.ok(slot > 0n)
  const epoch = await rpc!.getEpochInfo().send()
  assert.is(epoch.absoluteSlot, slot)
  assert.match(await rpc!.getGenesisHash().send(), /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  assert.is((await rpc!.getBalance(address('11111111111111111111111111111112')).send()).value, 0n)
})

test('kit reads the demo token: owner accounts (jsonParsed and base64), balance, mint', async ({ rpc, solana }) => {
  const owner = address(solana!.accounts[2]!.address)
  const mint = address(solana!.mint)
  const parsed = await rpc!.getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' }).send()
  assert.is(parsed.value.length, 1)
  const info = parsed.value[0]!.account.data.parsed.info
  assert.is(parsed.value[0]!.account.data.program, 'spl-token')
  assert.is(info.owner, owner)
  assert.is(info.mint, mint)
  assert.equal(info.tokenAmount, { amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' })

  const raw = await rpc!.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send()
  assert.is(raw.value.length, 1)
  assert.is(raw.value[0]!.pubkey, parsed.value[0]!.pubkey)
  assert.is(raw.value[0]!.account.data[1], 'base64')

  const balance = await rpc!.getTokenAccountBalance(parsed.value[0]!.pubkey).send()
  assert.is(balance.value.uiAmountString, '1000')

  const mintAccount = await rpc!.getAccountInfo(mint, { encoding: 'base64' }).send()
  const bytes = new Uint8Array(Buffer.from(mintAccount.value!.data[0], 'base64'))
  const decoded = getMintDecoder().decode(bytes)
  assert.is(decoded.decimals, 6)
  assert.is(decoded.supply, 5n * 1000n * 10n ** 6n)
  const many = await rpc!.getMultipleAccounts([mint, address('11111111111111111111111111111112')], { encoding: 'jsonParsed' }).send()
  assert.is(many.value[1], null)
  assert.is((many.value[0]!.data as { parsed: { type: string } }).parsed.type, 'mint')
})

test('a SOL transfer built with kit lands, is confirmed, moves balances and is listed in history', async ({ rpc, signers }) => {
  const [from, to] = [signers[0]!, signers[1]!]
  const before = [(await rpc!.getBalance(from.address).send()).value, (await rpc!.getBalance(to.address).send()).value]
  const { message, signed } = await transferTransaction(rpc!, from, to.address, 1_500_000_000n)
  const messageBase64 = getBase64Decoder().decode(getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))) as TransactionMessageBytesBase64
  const fee = (await rpc!.getFeeForMessage(messageBase64).send()).value
  assert.is(fee, 5000n)
  const signature = await rpc!.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  const status = await waitForStatus(rpc!, signature)
  assert.is(status.err, null)
  assert.equal(status.status, { Ok: null })

  const after = [(await rpc!.getBalance(from.address).send()).value, (await rpc!.getBalance(to.address).send()).value]
  assert.is(after[0], before[0]! - 1_500_000_000n - fee!)
  assert.is(after[1], before[1]! + 1_500_000_000n)

  for (const who of [from.address, to.address]) {
    const history = await rpc!.getSignaturesForAddress(who, { limit: 10 }).send()
    assert.is(history[0]!.signature, signature)
    assert.is(history[0]!.err, null)
    assert.is(history[0]!.slot, status.slot)
  }
  const tx = await rpc!.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
  assert.ok(tx)
  assert.is(tx.meta!.fee, fee)
  assert.is(tx.meta!.preBalances[0], before[0])
  assert.is(tx.meta!.postBalances[0], after[0])
  assert.is(tx.transaction.signatures[0], signature)
  assert.equal(tx.transaction.message.header, { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1, numRequiredSignatures: 1 })
  assert.is(tx.version, 0)
})

test('a transfer beyond the balance fails preflight with -32002 and kit decodes its cause', async ({ rpc, signers }) => {
  const [from, to] = [signers[3]!, signers[4]!]
  const before = (await rpc!.getBalance(from.address).send()).value
  const { signed } = await transferTransaction(rpc!, from, to.address, 1_000n * SOL)
  const error = await rejection(rpc!.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send())
  assert.ok(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE), String(error))
  assert.ok(isSolanaError(error.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM), String(error.cause))
  assert.is(error.cause.context.code, 1) // the system program's "insufficient lamports"
  assert.ok((error.context.logs as string[]).some((line) => line.includes('insufficient lamports')))
  assert.is((await rpc!.getBalance(from.address).send()).value, before)
})

test('with skipPreflight a failing transfer still lands: fee charged, error recorded, history paged', async ({ rpc, signers }) => {
  const [from, to] = [signers[4]!, signers[0]!]
  const before = (await rpc!.getBalance(from.address).send()).value
  const { signed } = await transferTransaction(rpc!, from, to.address, 1_000n * SOL)
  const signature = await rpc!.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', skipPreflight: true }).send()
  const status = (await rpc!.getSignatureStatuses([signature]).send()).value[0]!
  assert.equal(status.err, { InstructionError: [0n, { Custom: 1n }] })
  assert.is((await rpc!.getBalance(from.address).send()).value, before - 5000n)
  const tx = await rpc!.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
  assert.equal(tx!.meta!.status, { Err: { InstructionError: [0n, { Custom: 1n }] } })

  const all = await rpc!.getSignaturesForAddress(from.address).send()
  assert.is(all[0]!.signature, signature)
  assert.ok(all[0]!.err)
  const page = await rpc!.getSignaturesForAddress(from.address, { before: all[0]!.signature, limit: 1 }).send()
  assert.equal(page.map((s) => s.signature), [all[1]!.signature])
  const until = await rpc!.getSignaturesForAddress(from.address, { until: all[1]!.signature }).send()
  assert.equal(until.map((s) => s.signature), [signature])
})

test('an unknown blockhash fails preflight as BlockhashNotFound; an older recent one still works', async ({ rpc, signers }) => {
  const [from, to] = [signers[3]!, signers[4]!]
  const fake = { blockhash: 'GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4Zkd3EittNR1W' as Blockhash, lastValidBlockHeight: 10n ** 6n }
  const { signed } = await transferTransaction(rpc!, from, to.address, 1n * SOL, fake)
  const error = await rejection(rpc!.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send())
  assert.ok(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE))
  assert.ok(isSolanaError(error.cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND))

  const old = (await rpc!.getLatestBlockhash().send()).value
  await rpc!.requestAirdrop((await generateKeyPairSigner()).address, lamports(SOL)).send() // lands, moves the slot
  assert.not.equal((await rpc!.getLatestBlockhash().send()).value.blockhash, old.blockhash)
  const { signed: second } = await transferTransaction(rpc!, from, to.address, 1n * SOL, old)
  const signature = await rpc!.sendTransaction(getBase64EncodedWireTransaction(second), { encoding: 'base64' }).send()
  assert.is((await waitForStatus(rpc!, signature)).err, null)
})

test('requestAirdrop funds a fresh address with a real, indexed transaction', async ({ rpc }) => {
  const fresh = (await generateKeyPairSigner()).address
  const signature = await rpc!.requestAirdrop(fresh, lamports(2n * SOL)).send()
  await waitForStatus(rpc!, signature)
  assert.is((await rpc!.getBalance(fresh).send()).value, 2n * SOL)
  assert.is((await rpc!.getSignaturesForAddress(fresh).send())[0]!.signature, signature)
  const tx = await rpc!.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' }).send()
  const transfer = tx!.transaction.message.instructions[0] as { parsed: { type: string; info: { destination: string; lamports: bigint } } }
  assert.is(transfer.parsed.type, 'transfer')
  assert.is(transfer.parsed.info.destination, fresh)
  assert.is(transfer.parsed.info.lamports, 2n * SOL)
})

test('simulateTransaction runs an unsigned transaction and reports accounts after it', async ({ rpc, signers }) => {
  const [from, to] = [signers[2]!, signers[3]!]
  const { value: lifetime } = await rpc!.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to.address, amount: 7n * SOL })], m),
  )
  const wire = getBase64EncodedWireTransaction(compileTransaction(message)) as Base64EncodedWireTransaction
  const before = (await rpc!.getBalance(to.address).send()).value
  const { value } = await rpc!
    .simulateTransaction(wire, { encoding: 'base64', sigVerify: false, accounts: { addresses: [to.address], encoding: 'base64' } })
    .send()
  assert.is(value.err, null)
  assert.ok(value.unitsConsumed! > 0n)
  assert.is(value.accounts![0]!.lamports, before + 7n * SOL)
  assert.is((await rpc!.getBalance(to.address).send()).value, before) // nothing committed
})

test('bad params are -32602 and an unknown method -32601, both surfaced by kit with their codes', async ({ rpc, solana }) => {
  const invalid = await rejection(rpc!.getBalance('not-a-base58-address!' as Address).send())
  assert.ok(isSolanaError(invalid, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS), String(invalid))
  assert.is(invalid.context.__code, -32602)

  const unknown = await rejection((rpc as unknown as Record<string, () => { send(): Promise<unknown> }>).getNoSuchThing!().send())
  assert.ok(isSolanaError(unknown, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND), String(unknown))

  const url = solana!.rpcUrl
  assert.equal(await rawCall(url, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'getNoSuchThing', params: [] })), {
    jsonrpc: '2.0',
    error: { code: -32601, message: 'Method not found' },
    id: 7,
  })
  assert.equal(await rawCall(url, '{"jsonrpc":'), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
  assert.equal((await rawCall(url, JSON.stringify({ id: 1, method: 'getSlot' }))).error, { code: -32600, message: 'Invalid request' })
  const extra = await rawCall(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: [solana!.accounts[0]!.address, {}, 3] }))
  assert.is(extra.error.code, -32602)
  const batch = await rawCall(url, JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'getHealth' },
    { jsonrpc: '2.0', id: 2, method: 'getSlot', params: [{ minContextSlot: 10 ** 9 }] },
  ]))
  assert.equal(batch[0], { jsonrpc: '2.0', result: 'ok', id: 1 })
  assert.is(batch[1].error.code, -32016)
  const forged = await rawCall(url, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'sendTransaction', params: [Buffer.alloc(200, 1).toString('base64'), { encoding: 'base64' }] }))
  assert.is(forged.error.code, -32602)
})

test.run()
