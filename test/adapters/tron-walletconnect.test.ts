// The TRON adapter's WalletConnect connector (AppKit's TronWalletConnectConnector, in the adapter's
// own chunk): signing goes to the session's wallet on the network the modal has chosen, building
// and broadcasting to that network's node (dev/tron); a malformed answer from the wallet is refused.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createTronAdapter } from '../../src/adapters/tron/adapter'
import { TronAdapter } from '../../src/tron'
import type { AdapterContext, Network } from '../../src/types'
import { tronLocal, tronShastaTestnet } from '../../src/networks'
import { startTron, signMessageV2, verifyMessageV2, type LocalTron } from '../../dev/tron/index.ts'
import { hexToBytes, signDigest, toHexAddress } from '../../dev/tron/crypto.ts'

const test = suite('adapters: TRON over WalletConnect')
let node: LocalTron

test.before(async () => {
  node = await startTron({ blockMs: 100 })
})
test.after(async () => {
  await node?.stop()
})

const context = (): AdapterContext => ({
  networks: [tronLocal, tronShastaTestnet],
  setConnectors: () => undefined,
  onAccountChanged: () => undefined,
  onDisconnected: () => undefined,
  rpcUrl: (network) => (network === tronLocal ? node.url : network.rpcUrls.default.http[0]!),
  settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
})

/** The universal provider as a session with the wallet of `key` answers it; `answer` can override. */
function session(key: string, answer?: (method: string) => unknown) {
  const calls: string[] = []
  return {
    calls,
    disconnect: async () => undefined,
    async request({ method, params }: { method: string; params?: any }, chain?: string) {
      calls.push(`${method}@${chain}`)
      if (answer) return answer(method)
      if (method === 'tron_signMessage') return { signature: signMessageV2(params.message, key) }
      if (method === 'tron_signTransaction') return { ...params.transaction, signature: [signDigest(hexToBytes(params.transaction.txID), key)] }
      throw new Error(`unexpected ${method}`)
    },
  }
}

const state = (address: string, network: Network = tronLocal) => () => ({ address, network, networks: [tronLocal, tronShastaTestnet] })

test('behavior: the connector signs on the chosen network and sends TRX through its node; one connector per session', async () => {
  const [a, b] = node.accounts
  const adapter = createTronAdapter([])
  adapter.setup(context())
  const wallet = session(a!.privateKey)
  const connector = adapter.walletConnectProvider(wallet, state(a!.address))
  assert.is(adapter.walletConnectProvider(wallet, state(a!.address)), connector)
  assert.is(connector.type, 'WALLET_CONNECT')
  assert.is(verifyMessageV2('Hello Reown AppKit!', await connector.signMessage({ message: 'Hello Reown AppKit!', from: a!.address })), a!.address)
  const before = node.ledger.balances.get(toHexAddress(b!.address))!
  const txID = await connector.sendTransaction({ from: a!.address, to: b!.address, value: '1000' })
  assert.ok(node.ledger.transactions.has(txID as string))
  assert.is(node.ledger.balances.get(toHexAddress(b!.address)), before + 1000n)
  assert.equal(wallet.calls, [`tron_signMessage@${tronLocal.caipNetworkId}`, `tron_signTransaction@${tronLocal.caipNetworkId}`])
})

test('bad input: a malformed signature from the wallet is refused; a bad value is refused before the wallet is asked', async () => {
  const [a, b] = node.accounts
  const adapter = createTronAdapter([])
  adapter.setup(context())
  const wallet = session(a!.privateKey, () => ({ signature: 'not a signature' }))
  const connector = adapter.walletConnectProvider(wallet, state(a!.address))
  try {
    await connector.signMessage({ message: 'hi', from: a!.address })
    assert.unreachable('a malformed answer was taken')
  } catch (error) {
    assert.match((error as Error).message, /invalid response/)
  }
  await connector.sendTransaction({ from: a!.address, to: b!.address, value: '1.5' }).then(() => assert.unreachable(), (error: Error) => assert.match(error.message, /whole number/))
  assert.equal(wallet.calls, [`tron_signMessage@${tronLocal.caipNetworkId}`])
})

test('api: TronAdapter gives the connector once createAppKit has started it (its chunk loaded), not before', async () => {
  const adapter = new TronAdapter()
  const wallet = session(node.accounts[0]!.privateKey)
  assert.is(adapter.walletConnectProvider!(wallet, state(node.accounts[0]!.address)), undefined)
  await adapter.setup(context())
  const connector = adapter.walletConnectProvider!(wallet, state(node.accounts[0]!.address)) as { type: string }
  assert.is(connector.type, 'WALLET_CONNECT')
})

test.run()
