// The TRON adapter against TronLink's own wallet adapter (@tronweb3/tronwallet-adapter-tronlink)
// driving the TronLink-style test wallet (dev/wallet/tron) in happy-dom, reading and sending
// through the local TRON node (dev/tron). The modal side is a recording AdapterContext.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { TronLinkAdapter } from '@tronweb3/tronwallet-adapter-tronlink'
import { createTronAdapter } from '../../src/adapters/tron/adapter'
import { isTronAddress, tronBase58, tronHex } from '../../src/utils/tron/address'
import type { AdapterContext, Connector } from '../../src/types'
import { tronLocal, tronShastaTestnet } from '../../src/networks'
import { startTron, verifyMessageV2, type LocalTron } from '../../dev/tron/index.ts'
import { toHexAddress } from '../../dev/tron/crypto.ts'
import '../../dev/wallet/tron/browser/entry.ts'
import { waitFor } from '../wait'

const test = suite('adapters: TRON')
let node: LocalTron
const w = () => window.PosternTronTestWallet!.wallet!

function recorder() {
  const seen = { connectors: [] as Connector[], changed: [] as { connectorId: string; address?: string }[], disconnected: [] as string[] }
  const context: AdapterContext = {
    networks: [tronLocal, tronShastaTestnet],
    setConnectors: (list) => void (seen.connectors = list),
    onAccountChanged: (change) => void seen.changed.push(change),
    onDisconnected: (id) => void seen.disconnected.push(id),
    rpcUrl: (network) => (network === tronLocal ? node.url : network.rpcUrls.default.http[0]!),
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
  }
  return { seen, context }
}

test.before(async () => {
  node = await startTron({ blockMs: 100 })
  window.PosternTronTestWallet!.install({ nodeUrl: node.url, privateKeys: node.accounts.map((a) => a.privateKey) })
})
test.after(async () => {
  await node?.stop()
})

test('unit: TRON addresses: Base58Check with its checksum, to and from the node\'s hex form', () => {
  const address = node.accounts[0]!.address
  assert.ok(isTronAddress(address))
  assert.is(tronHex(address), toHexAddress(address))
  assert.is(tronBase58(tronHex(address)), address)
  // One character changed: the shape holds, the checksum does not.
  const typo = `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`
  assert.not.ok(isTronAddress(typo))
  assert.not.ok(isTronAddress('0x1234'))
})

test('behavior: TronLink is listed once its adapter finds it; connect gives the account on the selected network', async () => {
  const { seen, context } = recorder()
  const adapter = createTronAdapter([new TronLinkAdapter({ openUrlWhenWalletNotFound: false, checkTimeout: 3000 })])
  adapter.setup(context)
  assert.equal(seen.connectors.map((c) => [c.id, c.type, c.chain]), [['TronLink', 'INJECTED', 'tron']])
  assert.match(seen.connectors[0]!.imageUrl!, /^data:image\/png;base64,/)
  const result = await adapter.connect('TronLink', tronLocal)
  assert.equal(result, { address: node.accounts[0]!.address, chainId: tronLocal.id, accounts: [{ address: node.accounts[0]!.address, type: 'eoa' }] })
  assert.equal(await adapter.getBalance(result.address, tronLocal), { balance: '10000', symbol: 'TRX' })

  const provider = adapter.getProvider('TronLink')!
  assert.is(provider.chain, 'tron')
  assert.equal(provider.chains.map((n) => n.id), [tronLocal.id, tronShastaTestnet.id])
  const signature = await provider.signMessage({ message: 'hello', from: result.address })
  assert.is(verifyMessageV2('hello', signature), result.address)

  // The person switches accounts in the wallet, then disconnects the site there.
  w().switchAccount(1)
  await waitFor(() => seen.changed.length > 0, 'the account change')
  assert.equal(seen.changed, [{ connectorId: 'TronLink', address: node.accounts[1]!.address }])
  w().revoke()
  await waitFor(() => seen.disconnected.length > 0, 'the disconnect')
  assert.equal(seen.disconnected, ['TronLink'])
  w().switchAccount(0)
})

test('behavior: the provider refuses to send from another address, to a malformed one, or a fractional value; the wallet is not asked', async () => {
  const { context } = recorder()
  const adapter = createTronAdapter([new TronLinkAdapter({ openUrlWhenWalletNotFound: false })])
  adapter.setup(context)
  const { address } = await adapter.connect('TronLink', tronLocal)
  const provider = adapter.getProvider('TronLink')!
  const asked = w().requests.length
  const to = node.accounts[2]!.address
  for (const [params, message] of [
    [{ from: node.accounts[1]!.address, to, value: '1' }, /connected address/],
    [{ from: address, to: 'T123', value: '1' }, /Invalid TRON address/],
    [{ from: address, to, value: '1.5' }, /whole number/],
  ] as const) {
    await provider.sendTransaction(params).then(() => assert.unreachable(), (e: Error) => assert.match(e.message, message))
  }
  assert.is(w().requests.length, asked)
})

test('behavior: a wallet passing for TronLink (window.tronLink without TronLink\'s marker, not ready) is not listed', async () => {
  const genuine = { tron: (window as any).tron, tronLink: (window as any).tronLink, tronWeb: (window as any).tronWeb }
  try {
    delete (window as any).tron
    delete (window as any).tronWeb
    ;(window as any).tronLink = { ready: false, tronWeb: false, request: async () => ({ code: 200 }) }
    const impostor = new TronLinkAdapter({ openUrlWhenWalletNotFound: false, checkTimeout: 3000 })
    const { seen, context } = recorder()
    createTronAdapter([impostor]).setup(context)
    // TronLink's adapter reports it found a wallet once window.tronLink has been there 2 s.
    await new Promise((r) => setTimeout(r, 2600))
    assert.is(impostor.readyState, 'Found')
    assert.equal(seen.connectors, [])
  } finally {
    Object.assign(window, genuine)
  }
})

test.run()
