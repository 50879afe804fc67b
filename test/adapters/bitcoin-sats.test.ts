// The Bitcoin adapter with a sats-connect wallet (window.btc_providers, JSON-RPC through
// request(method, params)), as AppKit's SatsConnectConnector reaches Xverse or Leather: the sats
// test wallet in happy-dom, signing with the regtest demo keys, paying through the ledger's Esplora API.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createBitcoinAdapter } from '../../src/adapters/bitcoin/adapter'
import { getWallets } from '../../src/lazy/solana/wallets'
import { bitcoin, bitcoinRegtest, bitcoinTestnet } from '../../src/networks'
import type { AdapterContext, Connector } from '../../src/types'
import { PosternError } from '../../src/utils/errors'
import { installSatsTestWallet } from '../../dev/wallet/bitcoin/browser/sats-connect.ts'
import * as btc from '@scure/btc-signer'
import { demoBitcoinAccount, startBitcoin, REGTEST, type LocalBitcoin } from '../../dev/bitcoin/index.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'
import { verifyBip137 } from '../../src/lazy/bitcoin/bip137.ts'
import { collectWarnings } from '../warnings.ts'

const test = suite('adapters/bitcoin: sats-connect wallets')
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
let node: LocalBitcoin

test.before(async () => {
  node = await startBitcoin({ blockIntervalMs: 60_000 })
})
test.after(async () => node?.stop())

function started(onAccountChanged: AdapterContext['onAccountChanged'] = () => {}) {
  const seen = { connectors: [] as Connector[] }
  const context: AdapterContext = {
    networks: [bitcoinRegtest, bitcoin],
    setConnectors: (list) => void (seen.connectors = list),
    onAccountChanged,
    onDisconnected: () => {},
    rpcUrl: (network) => network.rpcUrls.default.http[0]!,
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
  }
  const adapter = createBitcoinAdapter(getWallets)
  adapter.setup(context)
  return { adapter, seen }
}

const until = async (done: () => boolean) => {
  for (const end = Date.now() + 30_000; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 10))
  assert.ok(done(), 'timed out')
}
const rejects = (work: () => Promise<unknown>) => work().then(() => { throw new Error('expected a rejection') }, (e: PosternError) => e)

test('behavior: an announced sats-connect wallet is listed, connects with its payment address first, and its provider signs, pays and signs PSBTs', async () => {
  const account = node.accounts[3]!
  const wallet = installSatsTestWallet({ id: 'PosternSatsProvider', name: 'Sats Test Wallet', icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, esploraUrl: node.url })
  const { adapter, seen } = started()
  const connector = seen.connectors.find((c) => c.name === 'Sats Test Wallet')
  assert.equal([connector?.uid, connector?.type, connector?.chain, connector?.imageUrl], ['bip122:Sats Test Wallet', 'ANNOUNCED', 'bip122', ICON])
  const result = await adapter.connect('Sats Test Wallet', bitcoinRegtest)
  assert.is(result.address, account.payment.address)
  assert.equal(result.accounts?.map((a) => `${a.type}:${a.address}`), [`payment:${account.payment.address}`, `ordinal:${account.ordinal.address}`])
  const provider = adapter.getProvider('Sats Test Wallet')!
  const signature = await provider.signMessage({ message: 'sats', address: account.payment.address })
  assert.ok(verifyBip322('sats', account.payment.address, signature, REGTEST))
  // protocol 'ecdsa' goes to the wallet as sats-connect's ECDSA: a BIP-137 signature.
  const ecdsa = await provider.signMessage({ message: 'sats', address: account.payment.address, protocol: 'ecdsa' })
  assert.ok(verifyBip137('sats', account.payment.address, ecdsa, REGTEST))
  const to = node.accounts[0]!.ordinal.address
  const txid = await provider.sendTransfer({ recipient: to, amount: '30000' })
  assert.ok(node.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 30_000n))
  wallet.setApprove(false)
  assert.is((await rejects(() => provider.signMessage({ message: 'no', address: account.payment.address }))).code, 4001)
  wallet.setApprove(true)
  await adapter.disconnect('Sats Test Wallet')
  assert.equal(wallet.log.slice(-1), ['wallet_disconnect'])
})

test('behavior: the modal\'s switch asks the wallet (wallet_changeNetwork) and reads its addresses on the new network, as AppKit\'s networkChange handler does', async () => {
  const account = node.accounts[4]!
  const wallet = installSatsTestWallet({ id: 'PosternSatsSwitcher', name: 'Sats Switcher', icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, esploraUrl: node.url })
  const changed: unknown[] = []
  const { adapter } = started((change) => changed.push(change))
  await adapter.connect('Sats Switcher', bitcoinRegtest)
  await adapter.switchNetwork('Sats Switcher', bitcoinTestnet)
  assert.is(wallet.network, 'Testnet')
  const testnet = demoBitcoinAccount(4, btc.TEST_NETWORK)
  assert.equal(changed, [{
    connectorId: 'Sats Switcher',
    address: testnet.payment.address,
    chainId: bitcoinTestnet.id,
    accounts: [{ address: testnet.payment.address, type: 'payment', publicKey: testnet.payment.publicKey }, { address: testnet.ordinal.address, type: 'ordinal', publicKey: testnet.ordinal.publicKey }],
  }])
  assert.equal(wallet.log.slice(-2), ['wallet_changeNetwork', 'getAddresses'])
  await adapter.switchNetwork('Sats Switcher', bitcoinRegtest)
  assert.is(wallet.network, 'Regtest')
  assert.is((changed.at(-1) as { address: string }).address, account.payment.address)
})

test('protection: a malformed btc_providers entry is not listed; a malformed answer is refused', async () => {
  ;(globalThis as any).btc_providers = [{ id: 'x;alert(1)', name: 'Bad', icon: '' }, { id: 'Odd', name: 'Odd Wallet', icon: ICON }]
  ;(globalThis as any).Odd = { request: async () => ({ jsonrpc: '2.0', result: { addresses: [{ address: '<img>' }] } }) }
  const { adapter, seen } = started()
  assert.equal(seen.connectors.map((c) => c.name), ['Odd Wallet'])
  assert.is((await rejects(() => adapter.connect('Odd Wallet', bitcoinRegtest))).code, 'INVALID_WALLET_RESPONSE')
})

test('behavior: the visitor switching inside the wallet (networkChange) is followed: a configured network with its addresses, another one reported as it is', async () => {
  const account = demoBitcoinAccount(5, REGTEST)
  const wallet = installSatsTestWallet({ id: 'PosternSatsInside', name: 'Sats Inside', icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, esploraUrl: node.url })
  const changed: any[] = []
  const { adapter } = started((change) => changed.push(change))
  await adapter.connect('Sats Inside', bitcoinRegtest)
  wallet.switchFromWallet('Mainnet')
  await until(() => changed.length === 1)
  const mainnet = demoBitcoinAccount(5, btc.NETWORK)
  assert.equal([changed[0].address, changed[0].chainId, changed[0].accounts.length], [mainnet.payment.address, bitcoin.id, 2])
  // Testnet is not one of the site's networks: the modal hears of it (and shows it unsupported).
  wallet.switchFromWallet('Testnet')
  await until(() => changed.length === 2)
  assert.equal(changed[1], { connectorId: 'Sats Inside', chainId: bitcoinTestnet.id })
  // Back on regtest: followed again with the regtest addresses.
  wallet.switchFromWallet('Regtest')
  await until(() => changed.length === 3)
  assert.equal([changed[2].address, changed[2].chainId], [account.payment.address, bitcoinRegtest.id])
})

test('protection: a malformed networkChange event is ignored with a warning, never a crash or a change', async () => {
  const account = demoBitcoinAccount(6, REGTEST)
  const wallet = installSatsTestWallet({ id: 'PosternSatsOddEvent', name: 'Sats Odd Event', icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, esploraUrl: node.url })
  const changed: unknown[] = []
  const { adapter } = started((change) => changed.push(change))
  await adapter.connect('Sats Odd Event', bitcoinRegtest)
  const warnings = await collectWarnings(async () => {
    for (const bad of [null, 'Mainnet', { bitcoin: {} }, { bitcoin: { name: 7 } }, { bitcoin: { name: 'Moonnet' } }]) wallet.emit('networkChange', bad)
    await new Promise((r) => setTimeout(r, 50))
  })
  assert.equal(changed, [])
  assert.is(warnings.length, 5)
  assert.match(String(warnings[0]), /Sats Odd Event: ignored a malformed networkChange event/)
})

test('behavior: a reload after a switch comes back on the wallet\'s network (wallet_getNetwork), not the one the page asks for', async () => {
  const account = demoBitcoinAccount(7, REGTEST)
  const wallet = installSatsTestWallet({ id: 'PosternSatsReload', name: 'Sats Reload', icon: ICON, keys: { payment: account.payment.secretKey, ordinal: account.ordinal.secretKey }, esploraUrl: node.url })
  const first = started().adapter
  await first.connect('Sats Reload', bitcoinRegtest)
  await first.switchNetwork('Sats Reload', bitcoin)
  const { adapter } = started()
  const restored = await adapter.reconnect!('Sats Reload', bitcoinRegtest)
  const mainnet = demoBitcoinAccount(7, btc.NETWORK)
  assert.equal([restored?.address, restored?.chainId], [mainnet.payment.address, bitcoin.id])
  assert.ok(wallet.log.includes('wallet_getNetwork'))
  // On a network the site does not have, the page's own is asked for (the wallet's addresses are read as they are).
  wallet.switchFromWallet('Testnet')
  assert.is((await started().adapter.reconnect!('Sats Reload', bitcoinRegtest))?.chainId, bitcoinRegtest.id)
})

test.run()
