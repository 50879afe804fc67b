// The secure site's Solana account (secure/solana.ts) against the local ledger: the key derived from
// the custody secret, and the solana_* requests approved (or not) and sent through the ledger's RPC.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  address, appendTransactionMessageInstructions, compileTransaction, createNoopSigner, createSolanaRpc, createTransactionMessage, getBase58Decoder,
  getBase58Encoder, getTransactionEncoder, lamports, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes, verifySignature, generateKeyPairSigner, type Address,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getApproveInstruction, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { startSolana, type LocalSolana } from '../../dev/solana/index.ts'
import { handleSolanaRpc, solanaKeyFrom, type SolanaContext } from '../../secure/solana.ts'
import { DECIMALS_UNREAD } from '../../secure/describe/solana-instructions.ts'
import { DEMO_TOKEN } from '../../dev/solana/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite('secure site: Solana account')
let solana: LocalSolana
const watchdog = setTimeout(() => { console.error('secure-solana.test.ts: timed out'); process.exit(1) }, watchdogMs(40_000))
test.before(async () => { solana = await startSolana() })
test.after(async () => { await solana.stop(); clearTimeout(watchdog) })

const SECRET = `0x${'11'.repeat(32)}` as const
const b58 = (s: string) => new Uint8Array(getBase58Encoder().encode(s))

async function transfer(from: Address, to: Address, amount: bigint) {
  const rpc = createSolanaRpc(solana.rpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const payer = createNoopSigner(from)
  const message = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: to, amount })], m))
  return getBase58Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

test('the key is the same for the same secret, another for another, and signs what is approved', async () => {
  const key = await solanaKeyFrom(SECRET)
  assert.is((await solanaKeyFrom(SECRET)).address, key.address)
  assert.is.not((await solanaKeyFrom(`0x${'22'.repeat(32)}`)).address, key.address)
  const asked: string[] = []
  const ctx: SolanaContext = { key, chainId: 'solana:localnet', rpcUrl: solana.rpcUrl, origin: 'http://site.test', approve: async (d) => (asked.push(d.title), true) }
  const message = new TextEncoder().encode('hello from postern')
  const { signature } = await handleSolanaRpc(ctx, 'solana_signMessage', { message: getBase58Decoder().decode(message), pubkey: key.address }) as { signature: string }
  assert.ok(await verifySignature(key.keyPair.publicKey, signatureBytes(b58(signature)), message))
  assert.equal(asked, ['Sign message'])
})

test('sign-and-send of a 0.01 SOL transfer lands; a rejection is 4001; bad params and other methods are refused', async () => {
  const key = await solanaKeyFrom(SECRET)
  const rpc = createSolanaRpc(solana.rpcUrl)
  await rpc.requestAirdrop(address(key.address), lamports(1_000_000_000n)).send()
  const receiver = (await generateKeyPairSigner()).address
  let answer = true
  const rows: string[][] = []
  const ctx: SolanaContext = { key, chainId: 'solana:localnet', rpcUrl: solana.rpcUrl, origin: 'http://site.test', approve: async (d) => (rows.push(...d.rows), answer) }
  const tx = await transfer(address(key.address), receiver, 10_000_000n)
  const { signature } = await handleSolanaRpc(ctx, 'solana_signAndSendTransaction', { transaction: tx }) as { signature: string }
  assert.match(signature, /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  assert.ok(rows.some(([k, val]) => k === 'Instruction 1' && val === `Transfer 0.01 SOL to ${receiver}`))
  assert.is((await rpc.getBalance(receiver).send()).value, 10_000_000n)
  const signed = await handleSolanaRpc(ctx, 'solana_signTransaction', { transaction: await transfer(address(key.address), receiver, 1n) }) as { transaction: string }
  assert.ok(signed.transaction.length > 100)
  answer = false
  const rejected = await handleSolanaRpc(ctx, 'solana_signAndSendTransaction', { transaction: tx }).catch((e: { code?: number }) => e)
  assert.is((rejected as { code?: number }).code, 4001)
  const bad = await handleSolanaRpc(ctx, 'solana_signMessage', { message: '0OIl' }).catch((e: { code?: number }) => e)
  assert.is((bad as { code?: number }).code, -32602)
  const other = await handleSolanaRpc(ctx, 'solana_signIn', {}).catch((e: { code?: number }) => e)
  assert.is((other as { code?: number }).code, 4200)
  assert.is((await rpc.getBalance(receiver).send()).value, 10_000_000n)
})

test("SPL Transfer and Approve (no decimals in them) are shown in the mint's decimals read from the ledger; unlimited for u64::MAX", async () => {
  const key = await solanaKeyFrom(SECRET)
  const holder = address(solana.accounts[0]!.address)
  const mint = address(solana.mint)
  const [source] = await findAssociatedTokenPda({ mint, owner: holder, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const missing = (await generateKeyPairSigner()).address
  const [dest, delegate] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address]
  const rpc = createSolanaRpc(solana.rpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const owner = createNoopSigner(holder)
  const message = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(owner, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([
      getTransferInstruction({ source, destination: dest, authority: owner, amount: 1_500_000n }),
      getApproveInstruction({ source, delegate, owner, amount: 2n ** 64n - 1n }),
      getTransferInstruction({ source: missing, destination: dest, authority: owner, amount: 7n }),
    ], m))
  const tx = getBase58Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
  let shown: string[][] = []
  const ctx: SolanaContext = { key, chainId: 'solana:localnet', rpcUrl: solana.rpcUrl, origin: 'http://site.test', approve: async (d) => ((shown = d.rows), false) }
  const refused = await handleSolanaRpc(ctx, 'solana_signTransaction', { transaction: tx }).catch((e: { code?: number }) => e)
  assert.is((refused as { code?: number }).code, 4001)
  const of = (k: string) => shown.filter(([key]) => key === k).map(([, value]) => value)
  assert.is(DEMO_TOKEN.decimals, 6)
  assert.equal(of('Amount'), ['1.5', 'unlimited', `7 ${DECIMALS_UNREAD}`])
  assert.equal(of('Mint'), [mint, mint, 'unknown (the token account could not be read)'])
})

test.run()
