// The Solana provider in AppKit's shape, with the site's own @solana/web3.js 1.x: web3.js
// transactions in and the same classes out, sendTransaction(tx, connection), a PublicKey-like
// key, the chains; and the polyfills AppKit's Solana adapter installs.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { address, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit'
import { solana, solanaDevnet } from '../../src/networks'
import { installPolyfills } from '../../src/adapters/solana/polyfills'
import { A, B, install, started } from './solana-wallet'

const BLOCKHASH = '11111111111111111111111111111111'
const transfer = () => SystemProgram.transfer({ fromPubkey: new PublicKey(A), toPubkey: new PublicKey(B), lamports: 1000 })
const legacy = () => new Transaction({ feePayer: new PublicKey(A), recentBlockhash: BLOCKHASH }).add(transfer())
const versioned = () => new VersionedTransaction(new TransactionMessage({ payerKey: new PublicKey(A), recentBlockhash: BLOCKHASH, instructions: [transfer()] }).compileToV0Message())

async function connected() {
  const { adapter } = started()
  const { name, handle } = install()
  await adapter.connect(name, solana)
  return { adapter, name, provider: adapter.getProvider(name)!, handle }
}

const test = suite('adapters/solana: AppKit\'s provider shape with @solana/web3.js')
test.before.each(() => localStorage.clear())

test('behavior: publicKey reads as web3.js\'s PublicKey and is still the key\'s bytes', async () => {
  const { provider } = await connected()
  const key = provider.publicKey!
  assert.is(key.toBase58(), A)
  assert.is(String(key), A)
  assert.is(JSON.stringify({ key }), JSON.stringify({ key: A }))
  assert.is(new PublicKey(key).toBase58(), A)
  assert.ok(key.equals(new PublicKey(A)))
  assert.not.ok(key.equals(new PublicKey(B)))
  assert.is(key.length, 32)
})

test('behavior: signTransaction takes a web3.js Transaction or VersionedTransaction and returns the same class, signed', async () => {
  const { provider } = await connected()
  const signedLegacy = await provider.signTransaction(legacy())
  assert.instance(signedLegacy, Transaction)
  assert.ok(signedLegacy.verifySignatures(), 'the fee payer\'s signature verifies')
  const signedV0 = await provider.signTransaction(versioned())
  assert.instance(signedV0, VersionedTransaction)
  const ok = await verifySignature(await getPublicKeyFromAddress(address(A)), signedV0.signatures[0] as SignatureBytes, signedV0.message.serialize())
  assert.ok(ok)
  const both = await provider.signAllTransactions([legacy(), versioned()] as (Transaction | VersionedTransaction)[])
  assert.instance(both[0], Transaction)
  assert.instance(both[1], VersionedTransaction)
})

test('behavior: sendTransaction(tx, connection) signs with the wallet, then sends through the site\'s connection', async () => {
  const { provider, handle } = await connected()
  const sent: Uint8Array[] = []
  const connection = { sendRawTransaction: async (raw: Uint8Array) => (sent.push(raw), 'sig-from-connection') }
  assert.is(await provider.sendTransaction(legacy(), connection), 'sig-from-connection')
  assert.ok(Transaction.from(sent[0]!).verifySignatures())
  assert.ok(handle.requests.some((r) => r.method === 'solana:signTransaction'))
  const bad = (await provider.sendTransaction(legacy(), {} as never).catch((e: unknown) => e)) as { code?: unknown; message: string }
  assert.equal([bad.code, bad.message], [-32602, 'sendTransaction needs a @solana/web3.js Connection'])
  const notATransaction = await provider.signTransaction({ serialize: 'no' } as never).catch((e: { code?: unknown }) => e)
  assert.is((notATransaction as { code?: unknown }).code, -32602)
})

test('behavior: getActiveChain, chains and requestedChains are the site\'s networks, with the endpoints Postern reads', async () => {
  const { adapter, name, provider } = await connected()
  assert.is(provider.getActiveChain()!.caipNetworkId, solana.caipNetworkId)
  assert.equal(provider.requestedChains.map((n) => n.caipNetworkId), [solana.caipNetworkId, solanaDevnet.caipNetworkId])
  assert.equal(provider.chains.map((n) => n.caipNetworkId), [solana.caipNetworkId, solanaDevnet.caipNetworkId])
  assert.equal(provider.getActiveChain()!.rpcUrls.default.http, [solana.rpcUrls.default.http[0]])
  await adapter.switchNetwork(name, solanaDevnet)
  assert.is(provider.getActiveChain()!.id, solanaDevnet.id)
})

test('behavior: the adapter installs Buffer, global and process.env where the page has none, and keeps a page\'s own', () => {
  const page = globalThis as unknown as { Buffer?: unknown; global?: unknown; process?: unknown }
  const saved = { Buffer: page.Buffer, global: page.global, process: page.process }
  try {
    delete page.Buffer
    delete page.global
    page.process = {}
    installPolyfills()
    assert.is((page.Buffer as typeof Buffer).from(new Uint8Array([1, 171])).toString('hex'), '01ab')
    assert.is(page.global, window)
    assert.equal((page.process as { env: unknown }).env, {})
    const own = { mine: true }
    page.Buffer = own
    installPolyfills()
    assert.is(page.Buffer, own)
  } finally {
    Object.assign(page, saved)
  }
})

test.run()
