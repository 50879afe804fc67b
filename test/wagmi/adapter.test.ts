// WagmiAdapter against the real injected test wallet (dev/wallet/injected), announced by EIP-6963
// in happy-dom; wagmi's own actions read the same config. The modal side is a recording context.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { connect, disconnect, getAccount, getChainId, switchChain } from '@wagmi/core'
import { WagmiAdapter } from '../../src/wagmi'
import { SolanaAdapter } from '../../src/solana-adapter'
import { mainnet, polygon, solana } from '../../src/networks'
import type { AdapterContext, Connector } from '../../src/types'
import { injectedWalletInstallScript, type PosternTestWalletApi } from '../../dev/wallet/injected/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('postern/wagmi: WagmiAdapter')
const address = demoAddresses()[0]!
const RDNS = 'dev.postern.wagmi'
const wallets = () => (window as unknown as { PosternTestWallet: PosternTestWalletApi }).PosternTestWallet

// The wallet's source runs in the page's global scope, as a <script> would.
;(0, eval)(injectedWalletInstallScript({ name: 'Wagmi Test Wallet', rdns: RDNS, chains: { 1: 'http://127.0.0.1:9', 137: 'http://127.0.0.1:9' } }))

function recorder(settings: Partial<AdapterContext['settings']> = {}) {
  const calls: { connectors: Connector[][]; changed: unknown[]; disconnected: string[]; connected: unknown[] } = { connectors: [], changed: [], disconnected: [], connected: [] }
  const context: AdapterContext = {
    networks: [mainnet, polygon],
    rpcUrl: (n) => n.rpcUrls.default.http[0]!,
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [], ...settings },
    setConnectors: (list) => calls.connectors.push(list),
    onAccountChanged: (change) => calls.changed.push(change),
    onDisconnected: (id) => calls.disconnected.push(id),
    onConnected: (result) => calls.connected.push(result),
  }
  return { context, calls }
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  assert.ok(check(), what)
}

test('behavior: AppKit constructor — wagmiConfig holds the EVM networks, transports honour customRpcUrls', () => {
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon, solana], customRpcUrls: { 'eip155:137': [{ url: 'http://127.0.0.1:8545/' }] } })
  assert.is(adapter.namespace, 'eip155')
  assert.is(adapter.adapterType, 'wagmi')
  assert.is(adapter.projectId, 'p')
  assert.equal(adapter.wagmiConfig.chains.map((c) => c.id), [1, 137])
  // The custom endpoint first, then the chain's own, each with the spec's retry and timeout.
  const polygonTransport = adapter.wagmiConfig.getClient({ chainId: 137 }).transport as unknown as { type: string; transports: { value: { url: string }; config: { retryCount: number; retryDelay: number; timeout: number } }[] }
  assert.is(polygonTransport.type, 'fallback')
  assert.equal(polygonTransport.transports.map((t) => t.value.url), ['http://127.0.0.1:8545/', ...polygon.rpcUrls.default.http])
  for (const t of polygonTransport.transports) assert.equal([t.config.retryCount, t.config.retryDelay, t.config.timeout], [3, 150, 10_000])
  assert.is(adapter.wagmiConfig.getClient({ chainId: 1 }).transport.url, mainnet.rpcUrls.default.http[0])
  assert.ok(adapter.wagmiConfig.connectors.some((c) => c.id === 'injected'))
  assert.throws(() => new WagmiAdapter({ projectId: 'p', networks: [solana] }), /EVM network/)
})

test('behavior: the modal lists wagmi\'s EIP-6963 wallet as announced; exclusions and enableEIP6963 apply', async () => {
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon] })
  const { context, calls } = recorder()
  adapter.setup(context)
  await until(() => calls.connectors.at(-1)?.some((c) => c.id === RDNS) ?? false, 'the announced wallet is listed')
  const listed = calls.connectors.at(-1)!.find((c) => c.id === RDNS)!
  assert.equal({ name: listed.name, type: listed.type, chain: listed.chain, rdns: listed.info?.rdns }, { name: 'Wagmi Test Wallet', type: 'ANNOUNCED', chain: 'eip155', rdns: RDNS })
  // window.ethereum is absent here, so no 'Browser Wallet'.
  assert.not.ok(calls.connectors.at(-1)!.some((c) => c.id === 'injected'))

  const off = recorder({ enableEIP6963: false })
  new WagmiAdapter({ projectId: 'p', networks: [mainnet] }).setup(off.context)
  const excluded = recorder({ excluded: [RDNS] })
  new WagmiAdapter({ projectId: 'p', networks: [mainnet] }).setup(excluded.context)
  await until(() => off.calls.connectors.length > 0 && excluded.calls.connectors.length > 0, 'both published')
  await new Promise((r) => setTimeout(r, 50))
  assert.not.ok(off.calls.connectors.flat().some((c) => c.id === RDNS))
  assert.not.ok(excluded.calls.connectors.flat().some((c) => c.id === RDNS))
})

test('behavior: a connection made by the modal is wagmi\'s; wagmi\'s switchChain and disconnect reach the modal', async () => {
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon] })
  const { context, calls } = recorder()
  adapter.setup(context)
  await until(() => adapter.wagmiConfig.connectors.some((c) => c.id === RDNS), 'wagmi found the wallet')
  const result = await adapter.connect(RDNS, mainnet)
  assert.equal(result, { address, chainId: 1, accounts: [{ address, type: 'eoa' }] })
  const account = getAccount(adapter.wagmiConfig)
  assert.is(account.status, 'connected')
  assert.is(account.address, address)
  assert.is(account.connector?.id, RDNS)
  assert.is((adapter.getProvider(RDNS) as { isPosternTestWallet?: boolean }).isPosternTestWallet, true)

  await switchChain(adapter.wagmiConfig, { chainId: 137 })
  await until(() => calls.changed.some((c) => (c as { chainId?: number }).chainId === 137), 'the modal heard of the switch')
  assert.equal(calls.changed.at(-1), { connectorId: RDNS, address, chainId: 137 })

  await adapter.switchNetwork(RDNS, mainnet)
  assert.is(getChainId(adapter.wagmiConfig), 1)

  await disconnect(adapter.wagmiConfig)
  await until(() => calls.disconnected.includes(RDNS), 'the modal heard of the disconnect')
  assert.is(getAccount(adapter.wagmiConfig).status, 'disconnected')
})

test('behavior: a refused connection keeps code 4001; a silent reconnect finds an authorised wallet', async () => {
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet] })
  adapter.setup(recorder().context)
  await until(() => adapter.wagmiConfig.connectors.some((c) => c.id === RDNS), 'wagmi found the wallet')
  const wallet = wallets().get(RDNS)
  wallet.setPolicy('reject')
  await adapter.connect(RDNS, mainnet).then(() => assert.unreachable('connected'), (error: { code?: number }) => assert.is(error.code, 4001))
  assert.is(await adapter.reconnect(RDNS), undefined)
  wallet.setPolicy('approve')
  await adapter.connect(RDNS, mainnet)
  await adapter.disconnect(RDNS)
  assert.is(getAccount(adapter.wagmiConfig).status, 'disconnected')
  await adapter.connect(RDNS, mainnet)
  const again = new WagmiAdapter({ projectId: 'p', networks: [mainnet] })
  again.setup(recorder().context)
  await until(() => again.wagmiConfig.connectors.some((c) => c.id === RDNS), 'found')
  assert.is((await again.reconnect(RDNS))?.address, address)
  assert.is(getAccount(again.wagmiConfig).address, address)
})

test('behavior: a connection made through wagmi\'s own connect reaches the modal; the modal\'s own does not come back', async () => {
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon] })
  const { context, calls } = recorder()
  adapter.setup(context)
  await until(() => adapter.wagmiConfig.connectors.some((c) => c.id === RDNS), 'wagmi found the wallet')
  await adapter.connect(RDNS, mainnet)
  await new Promise((r) => setTimeout(r, 50))
  assert.equal(calls.connected, [], 'the modal made this one')
  await disconnect(adapter.wagmiConfig)
  await connect(adapter.wagmiConfig, { connector: adapter.getWagmiConnector(RDNS)! })
  await until(() => calls.connected.length > 0, 'the modal heard of wagmi\'s connection')
  assert.equal(calls.connected, [{ connectorId: RDNS, address, chainId: 1, accounts: [{ address, type: 'eoa' }] }])
  await disconnect(adapter.wagmiConfig)
})

test('behavior: SolanaAdapter is AppKit\'s name over the Solana adapter', () => {
  const adapter = new SolanaAdapter()
  assert.is(adapter.namespace, 'solana')
  assert.is(adapter.adapterType, 'solana')
  assert.is(adapter.connectionSettings, 'confirmed')
  assert.is(new SolanaAdapter({ connectionSettings: 'processed' }).connectionSettings, 'processed')
  assert.is(adapter.getProvider('x'), undefined)
})

test.run()
