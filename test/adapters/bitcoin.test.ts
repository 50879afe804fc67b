// The Bitcoin adapter against the real Bitcoin test wallet (dev/wallet/bitcoin), registered through
// the Wallet Standard window events in happy-dom, and the regtest ledger's Esplora API for balances
// and transfers. The modal side is a recording AdapterContext.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { createBitcoinAdapter, type BitcoinAdapter } from '../../src/adapters/bitcoin/adapter'
import { getWallets } from '../../src/lazy/solana/wallets'
import { bitcoin, bitcoinRegtest, bitcoinTestnet, mainnet } from '../../src/networks'
import type { AdapterContext, Connector, Network } from '../../src/types'
import { PosternError } from '../../src/utils/errors'
import { createBitcoinTestWallet } from '../../dev/wallet/bitcoin/browser/wallet.ts'
import { registerWallet } from '../../dev/wallet/solana/browser/register.ts'
import { demoBitcoinAccount, startBitcoin, REGTEST, type LocalBitcoin } from '../../dev/bitcoin/index.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'

const test = suite<{ node?: LocalBitcoin }>('adapters/bitcoin')
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
let serial = 0
let node: LocalBitcoin

function install(opts: { index?: number; chains?: string[] } = {}) {
  const name = `Bitcoin Wallet ${++serial}`
  const account = node.accounts[opts.index ?? 0]!
  const { wallet, handle } = createBitcoinTestWallet({ name, icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, chains: opts.chains })
  const unregister = registerWallet(wallet)
  return { name, wallet, handle, unregister, account }
}

function started(networks: Network[] = [bitcoinRegtest, bitcoin]) {
  const seen = { connectors: [] as Connector[], changed: [] as Parameters<AdapterContext['onAccountChanged']>[0][], disconnected: [] as string[] }
  const context: AdapterContext = {
    networks,
    setConnectors: (list) => void (seen.connectors = list),
    onAccountChanged: (change) => void seen.changed.push(change),
    onDisconnected: (id) => void seen.disconnected.push(id),
    rpcUrl: (network) => (network.caipNetworkId === bitcoinRegtest.caipNetworkId ? node.url : network.rpcUrls.default.http[0]!),
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
  }
  const adapter: BitcoinAdapter = createBitcoinAdapter(getWallets)
  adapter.setup(context)
  return { adapter, seen }
}

const rejects = async (work: () => Promise<unknown>): Promise<PosternError> => {
  try {
    await work()
  } catch (error) {
    return error as PosternError
  }
  throw new Error('expected a rejection')
}

test.before(async () => {
  node = await startBitcoin({ blockIntervalMs: 60_000 })
})
test.after(async () => node?.stop())

test('behavior: a bitcoin:connect wallet is listed as an ANNOUNCED bip122 connector; one that leaves is removed', () => {
  const { name, unregister } = install()
  const { seen } = started()
  const connector = seen.connectors.find((c) => c.name === name)
  assert.equal(
    { uid: connector?.uid, type: connector?.type, chain: connector?.chain, imageUrl: connector?.imageUrl, installed: connector?.installed },
    { uid: `bip122:${name}`, type: 'ANNOUNCED', chain: 'bip122', imageUrl: ICON, installed: true },
  )
  unregister()
  assert.not.ok(seen.connectors.some((c) => c.name === name))
})

test('behavior: connect gives the payment address first, both accounts typed payment and ordinal (SPEC: bip122 defaults to payment)', async () => {
  const { name, account } = install()
  const { adapter } = started()
  const result = await adapter.connect(name, bitcoinRegtest)
  assert.is(result.address, account.payment.address)
  assert.is(result.chainId, bitcoinRegtest.id)
  assert.equal(result.accounts?.map((a) => `${a.type}:${a.address}:${a.publicKey?.length}`), [`payment:${account.payment.address}:66`, `ordinal:${account.ordinal.address}:64`])
  // A reload finds the accounts the wallet already shows the site, without a prompt.
  const again = await started().adapter.reconnect!(name, bitcoinRegtest)
  assert.is(again?.address, account.payment.address)
})

test('behavior: a refused connect is the 4001 error; an unknown connector is PROVIDER_NOT_FOUND', async () => {
  const { name, handle } = install()
  const { adapter } = started()
  handle.setPolicy('reject')
  assert.is((await rejects(() => adapter.connect(name, bitcoinRegtest))).code, 4001)
  assert.is((await rejects(() => adapter.connect('nobody', bitcoinRegtest))).code, 'PROVIDER_NOT_FOUND')
})

test('behavior: the balance is the sum of the address\'s UTXOs on the network\'s Esplora API', async () => {
  const { adapter } = started()
  const { payment, ordinal } = node.accounts[4]!
  assert.equal(await adapter.getBalance(payment.address, bitcoinRegtest), { balance: '10', symbol: 'BTC' })
  assert.equal(await adapter.getBalance(ordinal.address, bitcoinRegtest), { balance: '0.0001', symbol: 'BTC' })
})

test('behavior: the provider is AppKit\'s BitcoinConnector: addresses, BIP-322 signMessage, sendTransfer and signPSBT', async () => {
  const { name, account } = install({ index: 1 })
  const { adapter } = started([bitcoinRegtest, bitcoin, mainnet])
  await adapter.connect(name, bitcoinRegtest)
  const provider = adapter.getProvider(name)!
  assert.equal([provider.id, provider.name, provider.type, provider.chain, provider.provider === provider], [name, name, 'ANNOUNCED', 'bip122', true])
  assert.equal(provider.chains.map((n) => n.caipNetworkId), [bitcoinRegtest.caipNetworkId], 'the site\'s networks the wallet serves')
  assert.equal((await provider.getAccountAddresses()).map((a) => `${a.purpose}:${a.address}`), [`payment:${account.payment.address}`, `ordinal:${account.ordinal.address}`])
  const signature = await provider.signMessage({ message: 'hello', address: account.ordinal.address })
  assert.ok(verifyBip322('hello', account.ordinal.address, signature, REGTEST))
  const to = node.accounts[2]!.ordinal.address
  const txid = await provider.sendTransfer({ recipient: to, amount: '12345' })
  assert.ok(node.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 12_345n))
  assert.is((await rejects(() => provider.sendTransfer({ recipient: to, amount: '1.5' }))).code, -32602)
  assert.is((await rejects(() => provider.sendTransfer({ recipient: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', amount: '1000' }))).code, 'INVALID_ADDRESS')
  assert.is((await rejects(() => provider.signMessage({ message: 'x', address: node.accounts[3]!.payment.address }))).code, 'ACCOUNT_NOT_FOUND')
  // signPSBT with broadcast: signed, finalized and sent through the network's Esplora API.
  const [utxo] = node.ledger.utxosOf(account.payment.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(to, utxo!.value - 2_000n, REGTEST)
  const { psbt, txid: sent } = await provider.signPSBT({ psbt: btoa(String.fromCharCode(...tx.toPSBT())), signInputs: [{ address: account.payment.address, index: 0, sighashTypes: [1] }], broadcast: true })
  assert.ok(psbt.length > 0)
  assert.ok(sent && node.ledger.txs.has(sent), 'broadcast to the ledger')
})

test('behavior: the wallet revoking the site disconnects the connector', async () => {
  const { name, handle } = install()
  const { adapter, seen } = started()
  await adapter.connect(name, bitcoinRegtest)
  handle.revoke()
  assert.equal(seen.disconnected, [name])
  assert.is((await rejects(() => adapter.getProvider(name)!.signMessage({ message: 'x', address: 'y'.repeat(20) }))).code, 'NO_ACCOUNT')
})

test('behavior: a switch asks the wallet (bitcoin:switchNetwork) and announces its accounts on the new network; back again', async () => {
  const { name, handle, account } = install({ index: 2, chains: ['bitcoin:regtest', 'bitcoin:testnet'] })
  const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
  await adapter.connect(name, bitcoinRegtest)
  await adapter.switchNetwork(name, bitcoinTestnet)
  const testnet = demoBitcoinAccount(2, btc.TEST_NETWORK)
  assert.ok(testnet.payment.address.startsWith('tb1q'))
  assert.equal(seen.changed.at(-1), {
    connectorId: name,
    address: testnet.payment.address,
    chainId: bitcoinTestnet.id,
    accounts: [
      { address: testnet.payment.address, type: 'payment', publicKey: testnet.payment.publicKey },
      { address: testnet.ordinal.address, type: 'ordinal', publicKey: testnet.ordinal.publicKey },
    ],
  })
  const provider = adapter.getProvider(name)!
  assert.equal((await provider.getAccountAddresses()).map((a) => a.address), [testnet.payment.address, testnet.ordinal.address])
  // Signing follows: a BIP-322 signature for the testnet address.
  assert.ok(verifyBip322('on testnet', testnet.payment.address, await provider.signMessage({ message: 'on testnet', address: testnet.payment.address }), btc.TEST_NETWORK))
  await adapter.switchNetwork(name, bitcoinRegtest)
  assert.is(seen.changed.at(-1)?.address, account.payment.address)
  assert.equal(handle.requests.filter((r) => r.method === 'bitcoin:switchNetwork').map((r) => `${r.params}:${r.outcome}`), [`${bitcoinTestnet.caipNetworkId}:ok`, `${bitcoinRegtest.caipNetworkId}:ok`])
})

test('behavior: a wallet without bitcoin:switchNetwork is not switched: AppKit\'s error, the session keeps its network', async () => {
  const name = `Bitcoin Wallet ${++serial}`
  const account = node.accounts[0]!
  const { wallet } = createBitcoinTestWallet({ name, icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, chains: ['bitcoin:regtest', 'bitcoin:testnet'], canSwitch: false })
  const unregister = registerWallet(wallet)
  const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
  await adapter.connect(name, bitcoinRegtest)
  const error = await rejects(() => adapter.switchNetwork(name, bitcoinTestnet))
  assert.is(error.message, `${name} wallet does not support network switching`)
  assert.equal(seen.changed, [])
  assert.is((await adapter.getProvider(name)!.getAccountAddresses())[0]?.address, account.payment.address)
  unregister()
})

test('protection: a refused switch leaves the session on its network and its addresses', async () => {
  const { name, handle, account } = install({ chains: ['bitcoin:regtest', 'bitcoin:testnet'] })
  const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
  await adapter.connect(name, bitcoinRegtest)
  handle.setPolicy('reject')
  assert.is((await rejects(() => adapter.switchNetwork(name, bitcoinTestnet))).code, 4001)
  assert.equal(seen.changed, [])
  assert.is(handle.addresses.payment, account.payment.address)
  // Still on regtest: a payment goes through the regtest ledger's API.
  handle.setPolicy('approve')
  const txid = await adapter.getProvider(name)!.sendTransfer({ recipient: node.accounts[4]!.payment.address, amount: '5000' })
  assert.ok(node.ledger.txs.has(txid))
})

test('behavior: switching to a network the wallet does not serve is refused', async () => {
  const { name } = install()
  const { adapter } = started()
  await adapter.connect(name, bitcoinRegtest)
  assert.is((await rejects(() => adapter.switchNetwork(name, bitcoin))).code, 'UNSUPPORTED_CHAIN')
})

test('behavior: the visitor switching inside a Wallet Standard wallet (change with accounts on another chain) moves the session; a chain the site lacks goes to the modal as unsupported; back again', async () => {
  const { name, handle, account } = install({ index: 3, chains: ['bitcoin:regtest', 'bitcoin:mainnet', 'bitcoin:testnet'] })
  const { adapter, seen } = started([bitcoinRegtest, bitcoin])
  await adapter.connect(name, bitcoinRegtest)
  handle.switchFromWallet('bitcoin:mainnet')
  const onMainnet = demoBitcoinAccount(3, btc.NETWORK)
  assert.equal([seen.changed.at(-1)?.address, seen.changed.at(-1)?.chainId], [onMainnet.payment.address, bitcoin.id])
  assert.equal((await adapter.getProvider(name)!.getAccountAddresses()).map((a) => a.address), [onMainnet.payment.address, onMainnet.ordinal.address])
  handle.switchFromWallet('bitcoin:testnet')
  assert.equal(seen.changed.at(-1), { connectorId: name, chainId: bitcoinTestnet.id })
  // Back on the session's network: told again, so the modal leaves its unsupported state.
  handle.switchFromWallet('bitcoin:mainnet')
  assert.equal([seen.changed.length, seen.changed.at(-1)?.chainId, seen.changed.at(-1)?.address], [3, bitcoin.id, onMainnet.payment.address])
  handle.switchFromWallet('bitcoin:regtest')
  assert.equal([seen.changed.at(-1)?.address, seen.changed.at(-1)?.chainId], [account.payment.address, bitcoinRegtest.id])
  // The modal's own switch: the wallet's announcement during it is one change, not two.
  await adapter.switchNetwork(name, bitcoin)
  assert.equal([seen.changed.length, seen.changed.at(-1)?.chainId], [5, bitcoin.id])
})

test.run()
