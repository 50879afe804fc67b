// The Bitcoin adapter with OKX's and Unisat's own injected APIs (window.okxwallet.bitcoin,
// window.unisat), as AppKit's OKXConnector and UnisatConnector reach them: the test wallets in
// happy-dom sign with regtest demo keys (ECDSA as BIP-137, or BIP-322) and pay through the ledger.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { createBitcoinAdapter } from '../../src/adapters/bitcoin/adapter'
import { getWallets } from '../../src/lazy/solana/wallets'
import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from '../../src/networks'
import type { AdapterContext, Connector } from '../../src/types'
import type { PosternError } from '../../src/utils/errors'
import { installInjectedTestWallet } from '../../dev/wallet/bitcoin/browser/injected.ts'
import { startBitcoin, REGTEST, type LocalBitcoin } from '../../dev/bitcoin/index.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'
import { verifyBip137 } from '../../src/lazy/bitcoin/bip137.ts'
import { collectWarnings } from '../warnings.ts'

const test = suite('adapters/bitcoin: OKX and Unisat injected wallets')
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
let node: LocalBitcoin
let okx: ReturnType<typeof installInjectedTestWallet>
let unisat: ReturnType<typeof installInjectedTestWallet>

test.before(async () => {
  node = await startBitcoin({ blockIntervalMs: 60_000 })
  const keys = (i: number) => ({ payment: node.accounts[i]!.payment.secretKey, ordinal: node.accounts[i]!.ordinal.secretKey })
  okx = installInjectedTestWallet({ kind: 'okx', keys: keys(1), esploraUrl: node.url, icon: ICON })
  unisat = installInjectedTestWallet({ kind: 'unisat', keys: keys(2), esploraUrl: node.url, icon: ICON })
})
test.after(async () => node?.stop())

function started(networks = [bitcoinRegtest, bitcoin]) {
  const seen = { connectors: [] as Connector[], disconnected: [] as string[], changed: [] as string[], changes: [] as Parameters<AdapterContext['onAccountChanged']>[0][] }
  const context: AdapterContext = {
    networks,
    setConnectors: (list) => void (seen.connectors = list),
    onAccountChanged: (r) => void (seen.changed.push(String(r.address)), seen.changes.push(r)),
    onDisconnected: (id) => void seen.disconnected.push(id),
    rpcUrl: (network) => network.rpcUrls.default.http[0]!,
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
  }
  const adapter = createBitcoinAdapter(getWallets)
  adapter.setup(context)
  return { adapter, seen }
}

const rejects = (work: () => Promise<unknown>) => work().then(() => { throw new Error('expected a rejection') }, (e: PosternError) => e)
const sats = (address: string) => node.ledger.utxosOf(address).reduce((s, o) => s + o.value, 0n)

test('behavior: OKX and Unisat are listed under AppKit\'s ids and names', () => {
  const { seen } = started()
  const listed = seen.connectors.map((c) => [c.id, c.name, c.uid, c.type, c.imageUrl ?? null, c.explorerId ?? null])
  assert.equal(listed, [
    ['OKX', 'OKX Wallet', 'bip122:OKX', 'ANNOUNCED', ICON, '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709'],
    ['unisat', 'Unisat Wallet', 'bip122:unisat', 'ANNOUNCED', 'https://imagedelivery.net/_aTEfDRm7z3tKgu9JhfeKA/530e8a71-f014-46e5-1302-26d1eff60200/sm', null],
  ])
})

test('behavior: OKX connects, signs ECDSA (BIP-137) and BIP-322 messages that verify, pays in BTC units and signs PSBTs', async () => {
  const { adapter } = started()
  const { payment } = node.accounts[1]!
  const result = await adapter.connect('OKX', bitcoinRegtest)
  assert.equal([result.address, result.accounts?.map((a) => `${a.type}:${a.address}:${a.publicKey}`)], [payment.address, [`payment:${payment.address}:${payment.publicKey}`]])
  const provider = adapter.getProvider('OKX')!
  assert.equal(await provider.getAccountAddresses(), [{ address: payment.address, purpose: 'payment', publicKey: payment.publicKey }])
  const ecdsa = await provider.signMessage({ message: 'okx', address: payment.address, protocol: 'ecdsa' })
  assert.ok(verifyBip137('okx', payment.address, ecdsa, REGTEST), 'BIP-137 verifies')
  assert.not.ok(verifyBip137('okx!', payment.address, ecdsa, REGTEST), 'not for another message')
  const bip322 = await provider.signMessage({ message: 'okx', address: payment.address, protocol: 'bip322' })
  assert.ok(verifyBip322('okx', payment.address, bip322, REGTEST), 'BIP-322 verifies')

  const to = node.accounts[0]!.ordinal.address
  const before = sats(to)
  const txid = await provider.sendTransfer({ recipient: to, amount: '123456' })
  assert.ok(node.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 123_456n), 'the satoshis asked for, not a BTC amount read as satoshis')
  assert.is(sats(to), before + 123_456n)

  const [utxo] = node.ledger.utxosOf(payment.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(node.accounts[4]!.payment.address, 10_000n, REGTEST)
  tx.addOutputAddress(payment.address, utxo!.value - 11_000n, REGTEST)
  const psbt = Buffer.from(tx.toPSBT()).toString('base64')
  const partial = await rejects(() => provider.signPSBT({ psbt, signInputs: [{ address: payment.address, index: 0, sighashTypes: [1] }], broadcast: true }))
  assert.is(partial.message, 'Broadcast not supported for partial signing')
  const signed = await provider.signPSBT({ psbt, signInputs: [{ address: payment.address, index: 0, sighashTypes: [1] }] })
  assert.is(signed.txid, undefined)
  const final = btc.Transaction.fromPSBT(Buffer.from(signed.psbt, 'base64'))
  final.finalize()
  assert.is(node.ledger.submit(final.hex), final.id)

  okx.setApprove(false)
  assert.is((await rejects(() => provider.signMessage({ message: 'no', address: payment.address }))).code, 4001)
  okx.setApprove(true)
})

test('behavior: Unisat pays in satoshis, follows the modal to the networks it has, and its account events disconnect', async () => {
  const { adapter, seen } = started()
  const { payment } = node.accounts[2]!
  assert.is((await adapter.connect('unisat', bitcoinRegtest)).address, payment.address)
  const provider = adapter.getProvider('unisat')!
  const to = node.accounts[3]!.ordinal.address
  const before = sats(to)
  const txid = await provider.sendTransfer({ recipient: to, amount: '70000' })
  assert.ok(node.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 70_000n))
  assert.is(sats(to), before + 70_000n)
  assert.ok(verifyBip137('unisat', payment.address, await provider.signMessage({ message: 'unisat', address: payment.address }), REGTEST), 'ECDSA is the default')

  await adapter.switchNetwork('unisat', bitcoin)
  assert.is(unisat.chain, 'BITCOIN_MAINNET')
  assert.is((await rejects(() => provider.switchNetwork(bitcoinRegtest.caipNetworkId))).code, 'UNSUPPORTED_CHAIN')

  // A reload: the wallet still trusts the site, so the session comes back without a prompt.
  const again = started()
  const prompts = unisat.log.filter((m) => m === 'requestAccounts').length
  assert.is((await again.adapter.reconnect!('unisat', bitcoinRegtest))?.address, payment.address)
  assert.is(unisat.log.filter((m) => m === 'requestAccounts').length, prompts, 'no prompt on reconnect')
  unisat.revoke()
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(again.seen.disconnected, ['unisat'])
  assert.is(await again.adapter.reconnect!('unisat', bitcoinRegtest), undefined)
})

test('protection: a malformed answer from an injected wallet is refused, never passed on', async () => {
  const real = (globalThis as any).unisat
  ;(globalThis as any).unisat = { ...real, requestAccounts: async () => ['<img src=x onerror=alert(1)>'], signMessage: async () => '<script>' }
  try {
    const { adapter } = started()
    assert.is((await rejects(() => adapter.connect('unisat', bitcoinRegtest))).code, 'INVALID_WALLET_RESPONSE')
    ;(globalThis as any).unisat = { ...real, signMessage: async () => 'not base64!' }
    const other = started()
    await other.adapter.connect('unisat', bitcoinRegtest)
    const error = await rejects(() => other.adapter.getProvider('unisat')!.signMessage({ message: 'x', address: node.accounts[2]!.payment.address }))
    assert.is(error.code, 'INVALID_WALLET_RESPONSE')
    assert.is((await rejects(() => other.adapter.getProvider('unisat')!.sendTransfer({ recipient: node.accounts[0]!.payment.address, amount: '0.5' }))).code, -32602)
  } finally {
    ;(globalThis as any).unisat = real
  }
})

test('behavior: a switch to testnet moves OKX to okxwallet.bitcoinTestnet and Unisat to switchChain\'s network: each announces its tb1 address, which signs there; back again', async () => {
  const { adapter, seen } = started()
  await adapter.connect('OKX', bitcoinRegtest)
  await adapter.switchNetwork('OKX', bitcoinTestnet)
  const okxTestnet = okx.addressOn('testnet')
  assert.match(okxTestnet, /^tb1q/)
  assert.is(seen.changed.at(-1), okxTestnet)
  const provider = adapter.getProvider('OKX')!
  assert.equal((await provider.getAccountAddresses()).map((a) => a.address), [okxTestnet])
  assert.ok(verifyBip322('on testnet', okxTestnet, await provider.signMessage({ message: 'on testnet', address: okxTestnet, protocol: 'bip322' }), btc.TEST_NETWORK))
  await adapter.switchNetwork('OKX', bitcoin)
  assert.is(seen.changed.at(-1), okx.address, 'okxwallet.bitcoin again')

  await adapter.connect('unisat', bitcoinRegtest)
  await adapter.switchNetwork('unisat', bitcoinTestnet)
  assert.is(unisat.chain, 'BITCOIN_TESTNET')
  assert.is(seen.changed.at(-1), unisat.addressOn('testnet'))
  assert.equal((await adapter.getProvider('unisat')!.getAccountAddresses()).map((a) => a.address), [unisat.addressOn('testnet')])
  await adapter.switchNetwork('unisat', bitcoin)
  assert.is(seen.changed.at(-1), unisat.address)
})

const settled = () => new Promise((resolve) => setTimeout(resolve, 30))

test('behavior: Unisat\'s own switch (chainChanged) is followed with its address there; a chain the site lacks goes to the modal as unsupported; the modal\'s own switch is counted once', async () => {
  unisat.switchFromWallet('BITCOIN_MAINNET')
  const { adapter, seen } = started([bitcoinRegtest, bitcoin, bitcoinTestnet])
  await adapter.connect('unisat', bitcoinRegtest)
  unisat.switchFromWallet('BITCOIN_TESTNET')
  await settled()
  assert.equal(seen.changes.map((c) => [c.address, c.chainId]), [[unisat.addressOn('testnet'), bitcoinTestnet.id]])
  unisat.switchFromWallet('BITCOIN_SIGNET')
  await settled()
  assert.equal(seen.changes.at(-1), { connectorId: 'unisat', chainId: bitcoinSignet.id })
  // Back on a network the site has: told again, so the modal leaves its unsupported state.
  unisat.switchFromWallet('BITCOIN_TESTNET')
  await settled()
  assert.equal([seen.changes.length, seen.changes.at(-1)?.chainId], [3, bitcoinTestnet.id])
  await adapter.switchNetwork('unisat', bitcoin)
  await settled()
  assert.equal(seen.changes.slice(3).map((c) => [c.address, c.chainId]), [[unisat.address, bitcoin.id]], 'one change for the modal\'s switch')
})

test('behavior: a reload comes back on Unisat\'s own chain (getChain) with its address there, not the page\'s network', async () => {
  const first = started([bitcoinRegtest, bitcoinTestnet])
  await first.adapter.connect('unisat', bitcoinRegtest)
  unisat.switchFromWallet('BITCOIN_TESTNET')
  const restored = await started([bitcoinRegtest, bitcoinTestnet]).adapter.reconnect!('unisat', bitcoinRegtest)
  assert.equal([restored?.address, restored?.chainId], [unisat.addressOn('testnet'), bitcoinTestnet.id])
  assert.ok(unisat.log.includes('getChain'))
  // Its word is taken only where its address agrees: mainnet here writes the regtest stand-in's addresses.
  unisat.switchFromWallet('BITCOIN_MAINNET')
  const home = await started([bitcoinRegtest, bitcoin]).adapter.reconnect!('unisat', bitcoinRegtest)
  assert.equal([home?.address, home?.chainId], [unisat.address, bitcoinRegtest.id])
})

test('protection: a malformed chainChanged event is ignored with one warning each, never a crash or a change', async () => {
  unisat.switchFromWallet('BITCOIN_MAINNET')
  const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
  await adapter.connect('unisat', bitcoinRegtest)
  const warnings = await collectWarnings(async () => {
    for (const bad of [null, 'BITCOIN_TESTNET', { enum: 7 }, { enum: '<img src=x>' }]) unisat.emit('chainChanged', bad)
    await settled()
  })
  assert.equal(seen.changes, [])
  assert.ok(warnings.length >= 4 && warnings.every((w) => /Unisat Wallet: ignored a malformed chainChanged event/.test(w)))
})

test('behavior: OKX\'s own switch (accountChanged on okxwallet.bitcoinTestnet) is followed with its tb1 address; a malformed one is ignored with a warning; the session listens where it now is', async () => {
  const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
  await adapter.connect('OKX', bitcoinRegtest)
  const warnings = await collectWarnings(async () => {
    okx.emit('accountChanged', { address: '<img src=x>' })
    await settled()
  })
  assert.equal(seen.changes, [])
  assert.ok(warnings.some((w) => /OKX Wallet: ignored a malformed accountChanged event/.test(w)))
  okx.switchFromWallet('bitcoinTestnet')
  await settled()
  assert.equal(seen.changes.map((c) => [c.address, c.chainId]), [[okx.addressOn('testnet'), bitcoinTestnet.id]])
  assert.equal((await adapter.getProvider('OKX')!.getAccountAddresses()).map((a) => a.address), [okx.addressOn('testnet')])
  // okxwallet.bitcoin is mainnet (AppKit's OKX_NETWORK_KEYS), which this site lacks: the modal hears it as unsupported.
  okx.switchFromWallet('bitcoin')
  await settled()
  assert.equal(seen.changes.at(-1), { connectorId: 'OKX', chainId: bitcoin.id })
  // A reload comes back through the provider of the page's network (AppKit's OKXConnector.getWallet).
  const again = await started([bitcoinRegtest, bitcoinTestnet]).adapter.reconnect!('OKX', bitcoinTestnet)
  assert.equal([again?.address, again?.chainId], [okx.addressOn('testnet'), bitcoinTestnet.id])
})

test('behavior: a Unisat-style wallet without getChain is read through getNetwork and followed through networkChanged (livenet, testnet)', async () => {
  const real = (globalThis as any).unisat
  const { getChain: _left, ...older } = real
  ;(globalThis as any).unisat = older
  try {
    unisat.switchFromWallet('BITCOIN_MAINNET')
    const { adapter, seen } = started([bitcoinRegtest, bitcoinTestnet])
    await adapter.connect('unisat', bitcoinRegtest)
    unisat.switchFromWallet('BITCOIN_TESTNET')
    await settled()
    assert.equal(seen.changes.map((c) => [c.address, c.chainId]), [[unisat.addressOn('testnet'), bitcoinTestnet.id]])
    const restored = await started([bitcoinRegtest, bitcoinTestnet]).adapter.reconnect!('unisat', bitcoinRegtest)
    assert.equal([restored?.address, restored?.chainId], [unisat.addressOn('testnet'), bitcoinTestnet.id])
    assert.ok(unisat.log.includes('getNetwork'))
  } finally {
    ;(globalThis as any).unisat = real
    unisat.switchFromWallet('BITCOIN_MAINNET')
  }
})

test.run()
