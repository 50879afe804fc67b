// The Solana adapter against the real Solana test wallet (dev/wallet/solana), registered through
// the Wallet Standard window events in happy-dom. The modal side is a recording AdapterContext.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { createSolanaAdapter, type SolanaAdapter } from '../../src/adapters/solana/adapter'
import { servesNetwork, walletChainFor } from '../../src/adapters/solana/chains'
import { toBase58 } from '../../src/adapters/solana/standard'
import { solana as solanaAdapter } from '../../src/adapters/solana'
import type { AdapterContext, Connector } from '../../src/types'
import { defineNetwork, mainnet, solana, solanaDevnet, solanaLocal, solanaTestnet } from '../../src/networks'
import { PosternError } from '../../src/utils/errors'

import type { Wallet } from '@wallet-standard/base'
import { getWallets } from '../../src/lazy/solana/wallets'
import { A, B, ICON, install, keys, recorder, started } from './solana-wallet'

const rejects = async (work: () => Promise<unknown>): Promise<PosternError> => {
  try {
    await work()
  } catch (error) {
    return error as PosternError
  }
  throw new Error('expected a rejection')
}

const discovery = suite('adapters/solana: discovery')

discovery('behavior: a wallet registered before Postern loaded is listed as an ANNOUNCED solana connector', () => {
  // First in this file: no app has called getWallets() yet, so the wallet waits for app-ready.
  const { name } = install({ name: 'Early Wallet' })
  const { seen } = started()
  const connector = seen.connectors.find((c) => c.name === name)
  assert.ok(connector, 'listed')
  assert.equal(
    { id: connector!.id, uid: connector!.uid, type: connector!.type, chain: connector!.chain, chains: connector!.chains, imageUrl: connector!.imageUrl, installed: connector!.installed },
    { id: name, uid: `solana:${name}`, type: 'ANNOUNCED', chain: 'solana', chains: ['solana'], imageUrl: ICON, installed: true },
  )
})

discovery('behavior: a wallet registering later appears; unregistering removes it', () => {
  const { names } = started()
  const { name, handle } = install()
  assert.ok(names().includes(name))
  handle.unregister()
  assert.not.ok(names().includes(name))
})

discovery('behavior: only wallets with standard:connect and a Solana chain are listed; exclusions apply', () => {
  const evmOnly = install({ chains: ['eip155:1'] })
  const excluded = install()
  const noConnect = { ...excluded.wallet, name: 'No Connect', features: { 'standard:events': excluded.wallet.features['standard:events'] } } as unknown as Wallet
  const off = getWallets().register(noConnect)
  const { names } = started([excluded.name.toUpperCase()])
  assert.not.ok(names().includes(evmOnly.name))
  assert.not.ok(names().includes('No Connect'))
  assert.not.ok(names().includes(excluded.name))
  off()
})

discovery('behavior: a well-known wallet carries its catalogue id; an unsafe icon is dropped', () => {
  const phantom = install({ name: 'Phantom' })
  const odd = { ...phantom.wallet, name: 'Odd Icon', icon: 'javascript:alert(1)', chains: phantom.wallet.chains, features: phantom.wallet.features, accounts: [] } as unknown as Wallet
  const off = getWallets().register(odd)
  const { seen } = started()
  assert.is(seen.connectors.find((c) => c.name === 'Phantom')?.explorerId, 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393')
  assert.is(seen.connectors.find((c) => c.name === 'Odd Icon')?.imageUrl, undefined)
  off()
  phantom.handle.unregister()
})
discovery.run()

const connection = suite('adapters/solana: connect, reconnect, events, disconnect')
connection.before.each(() => localStorage.clear())

connection('behavior: connect asks the wallet once and returns its account as an eoa on the requested network', async () => {
  const { adapter } = started()
  const { name, handle } = install()
  const result = await adapter.connect(name, solanaDevnet)
  assert.equal(result, { address: A, chainId: solanaDevnet.id, accounts: [{ address: A, type: 'eoa' }] })
  assert.equal(handle.requests.map((r) => `${r.method}:${r.outcome}:${r.prompt}`), ['standard:connect:ok:approve'])
  const provider = adapter.getProvider(name)!
  assert.is(provider.address, A)
  assert.is(provider.chain, 'solana:devnet')
  assert.is(adapter.getProvider(name), provider, 'one provider per wallet')
})

connection('behavior: a refusal is a 4001 PosternError; an unknown connector is "Provider not found."', async () => {
  const { adapter } = started()
  const { name, handle } = install()
  handle.setPolicy('reject')
  const refused = await rejects(() => adapter.connect(name, solana))
  assert.instance(refused, PosternError)
  assert.is(refused.code, 4001)
  assert.is((await rejects(() => adapter.connect('Nobody', solana))).message, 'Provider not found.')
})

connection('behavior: silent reconnect never prompts: nothing before approval, the account after', async () => {
  const { adapter } = started()
  const { name, handle } = install()
  assert.is(await adapter.reconnect!(name, solana), undefined)
  await adapter.connect(name, solana)
  const again = createSolanaAdapter(getWallets) // a reload: a new adapter, the wallet remembers the site
  again.setup(recorder().context)
  assert.equal(await again.reconnect!(name, solana), { address: A, chainId: solana.id, accounts: [{ address: A, type: 'eoa' }] })
  assert.equal(
    handle.requests.map((r) => `${r.method}:${JSON.stringify(r.params)}:${r.prompt}`),
    ['standard:connect:{"silent":true}:null', 'standard:connect:null:approve', 'standard:connect:{"silent":true}:null'],
  )
})

connection('behavior: standard:events: a new account → onAccountChanged; no accounts → onDisconnected', async () => {
  const { adapter, seen } = started()
  const { name, handle } = install()
  await adapter.connect(name, solana)
  handle.setAccounts([1])
  assert.equal(seen.changed, [{ connectorId: name, address: B }])
  assert.is(adapter.getProvider(name)!.address, B)
  handle.setAccounts([1, 0]) // the current account is still there: nothing to report
  assert.is(seen.changed.length, 1)
  handle.disconnect()
  assert.equal(seen.disconnected, [name])
  assert.is(adapter.getProvider(name)!.address, undefined)
})

connection('behavior: a connected wallet that unregisters is disconnected', async () => {
  const { adapter, seen } = started()
  const { name, handle } = install()
  await adapter.connect(name, solana)
  handle.unregister()
  assert.equal(seen.disconnected, [name])
})

connection('behavior: disconnect calls standard:disconnect, so the wallet forgets the site; no event comes back', async () => {
  const { adapter, seen } = started()
  const { name, handle } = install()
  await adapter.connect(name, solana)
  await adapter.disconnect(name)
  assert.is(handle.state.authorized, false)
  assert.ok(handle.requests.some((r) => r.method === 'standard:disconnect' && r.outcome === 'ok'))
  assert.equal(seen.disconnected, [])
  assert.is(await adapter.reconnect!(name, solana), undefined)
})

connection('behavior: switching network is local, and refused for a chain the wallet does not serve', async () => {
  const { adapter } = started()
  const { name } = install()
  await adapter.connect(name, solana)
  await adapter.switchNetwork(name, solanaDevnet)
  assert.is(adapter.getProvider(name)!.chain, 'solana:devnet')
  const refused = await rejects(() => adapter.switchNetwork(name, solanaTestnet))
  assert.is(refused.message, 'Chain is not supported')
})
connection.run()

const provider = suite('adapters/solana: getProvider() signing')
provider.before.each(() => localStorage.clear())

async function connected() {
  const { adapter } = started()
  const { name, handle } = install()
  await adapter.connect(name, solanaLocal)
  return { provider: adapter.getProvider(name)!, handle }
}

function transferFrom(owner: string): Uint8Array {
  const payer = createNoopSigner(address(owner))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: address(B), amount: 1n })], m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

provider('behavior: signMessage returns an ed25519 signature of the message by the connected key', async () => {
  const { provider } = await connected()
  const message = new TextEncoder().encode('Sign in to Postern')
  const signature = await provider.signMessage(message)
  assert.is(signature.length, 64)
  assert.ok(await verifySignature(await getPublicKeyFromAddress(address(A)), signature as SignatureBytes, message))
  assert.equal([...provider.publicKey!], [...keys[0]!.publicKey])
})

provider('behavior: signTransaction adds the account signature on the selected chain', async () => {
  const { provider, handle } = await connected()
  const wire = transferFrom(A)
  const signed = getTransactionDecoder().decode(await provider.signTransaction(wire))
  const signature = signed.signatures[address(A)]
  assert.ok(signature)
  assert.ok(await verifySignature(await getPublicKeyFromAddress(address(A)), signature!, signed.messageBytes))
  assert.is((handle.requests.at(-1)!.params as { chain: string }[])[0]!.chain, 'solana:localnet')
  assert.equal(await provider.signAllTransactions([]), [])
})

provider('behavior: a refused signature is 4001; bad input and bad options never reach the wallet', async () => {
  const { provider, handle } = await connected()
  handle.setPolicy('reject', ['solana:signMessage'])
  assert.is((await rejects(() => provider.signMessage(new Uint8Array([1])))).code, 4001)
  const before = handle.requests.length
  assert.is((await rejects(() => provider.signMessage('hello' as never))).code, -32602)
  const bad = await rejects(() => provider.signAndSendTransaction(transferFrom(A), { preflightCommitment: 'recent' as never }))
  assert.is(bad.code, -32602)
  assert.match(bad.message, 'Invalid sign-and-send options')
  assert.is((await rejects(() => provider.signAndSendTransaction(transferFrom(A), { maxRetries: -1 }))).code, -32602)
  assert.is(handle.requests.length, before)
})

provider('behavior: without a connection the provider refuses to sign', async () => {
  const { adapter } = started()
  const { name } = install()
  const error = await rejects(() => adapter.getProvider(name)!.signMessage(new Uint8Array([1])))
  assert.is(error.message, 'No ActiveCaipAddress found')
})
provider.run()

const helpers = suite('adapters/solana: chains, base58, factory')

helpers('parameters: the spec network ids map to Wallet Standard clusters; others keep their CAIP id', () => {
  assert.is(walletChainFor(solana), 'solana:mainnet')
  assert.is(walletChainFor(solanaDevnet), 'solana:devnet')
  assert.is(walletChainFor(solanaTestnet), 'solana:testnet')
  assert.is(walletChainFor(solanaLocal), 'solana:localnet')
  const custom = defineNetwork({ id: 'CFPHvffsHJC36cno6ezNQxdG56j4J775', name: 'x', chainNamespace: 'solana', nativeCurrency: solana.nativeCurrency, rpcUrls: solana.rpcUrls })
  assert.is(walletChainFor(custom), 'solana:CFPHvffsHJC36cno6ezNQxdG56j4J775')
  assert.ok(servesNetwork(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], solana), 'the CAIP naming is understood too')
  assert.not.ok(servesNetwork(['solana:devnet'], solana))
})

helpers('behavior: base58 matches @solana/kit, leading zero bytes included', () => {
  const kit = getBase58Decoder()
  for (const bytes of [new Uint8Array(64), new Uint8Array([0, 0, 1, 2, 255]), keys[0]!.publicKey, Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256)]) {
    assert.is(toBase58(bytes), kit.decode(bytes))
  }
  assert.is(toBase58(new Uint8Array()), '')
})

helpers('default: solana() is a lazy adapter for the solana namespace with nothing loaded yet', () => {
  const adapter = solanaAdapter()
  assert.is(adapter.namespace, 'solana')
  assert.is(adapter.getProvider?.('anything'), undefined)
  assert.not.ok(servesNetwork([], mainnet))
})
helpers.run()
