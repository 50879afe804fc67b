// EVM and Solana in one modal (happy-dom): Connect lists both, a wallet in both namespaces is one
// MULTI_CHAIN entry, the Networks view moves the active namespace, and each namespace connects
// and disconnects on its own. Solana is the real adapter and the real Solana test wallet; the EVM
// side is a stand-in adapter (its own tests and e2e cover the real one).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Wallet } from '@wallet-standard/base'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import * as hooks from '../../src/react'
import type { SolanaWalletProvider } from '../../src/adapters/solana/provider'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import { solana as solanaAdapter } from '../../src/adapters/solana'
import type { ChainAdapter, Connector } from '../../src/types'
import { mainnet, solana, solanaDevnet } from '../../src/networks'
import { mergeMultiChain } from '../../src/views/Connect'
import { createSolanaTestWallet } from '../../dev/wallet/solana/browser/wallet.ts'
import { registerWallet } from '../../dev/wallet/solana/browser/register.ts'
import { WalletKey } from '../../dev/wallet/solana/browser/keys.ts'
import { demoKeypairs } from '../../dev/solana/keys.ts'
import type { SolanaTestWalletHandle } from '../../dev/wallet/solana/types.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const keys = (await demoKeypairs(2)).map((k) => new WalletKey(k.secretKey))
const [A, B] = [keys[0]!.address as string, keys[1]!.address as string]
const installed: SolanaTestWalletHandle[] = []

function install(name: string): { wallet: Wallet; handle: SolanaTestWalletHandle } {
  const { wallet, handle, setUnregister } = createSolanaTestWallet({
    name, icon: 'data:image/svg+xml;base64,PHN2Zy8+', rpcUrl: 'http://127.0.0.1:9', keys, initialAccounts: [keys[0]!],
    chains: ['solana:mainnet', 'solana:devnet'], autoApprove: true,
  })
  setUnregister(registerWallet(wallet))
  installed.push(handle)
  return { wallet, handle }
}

const evmConnector = (name: string, rdns: string): Connector => ({ id: rdns, uid: `eip155:${rdns}`, name, type: 'ANNOUNCED', chain: 'eip155', info: { rdns }, installed: true })

/** A stand-in EVM adapter: lists the given wallets and connects each to EVM on chain 1. */
function evmAdapter(connectors: Connector[]): ChainAdapter & { calls: string[] } {
  const calls: string[] = []
  return {
    namespace: 'eip155',
    calls,
    setup: (ctx) => ctx.setConnectors(connectors),
    connect: async (id) => (calls.push(`connect ${id}`), { address: EVM, chainId: 1 }),
    disconnect: async (id) => void calls.push(`disconnect ${id}`),
    switchNetwork: async (id, network) => void calls.push(`switch ${id} ${network.caipNetworkId}`),
    getBalance: async () => ({ balance: '1.5', symbol: 'ETH' }),
  }
}

const items = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('.item')]
const item = (name: string) => waitFor(() => items().find((b) => b.querySelector('.name')?.textContent === name), name)
const names = () => items().map((b) => b.querySelector('.name')?.textContent)

function start(evm: ReturnType<typeof evmAdapter>) {
  return kitWith({ networks: [mainnet, solana, solanaDevnet], adapters: [evm, solanaAdapter()], rpcUrls: { [solana.caipNetworkId]: 'http://127.0.0.1:9' }, apiUrl: 'http://127.0.0.1:9', blockchainApiUrl: 'http://127.0.0.1:9' })
}

const merge = suite('views/Connect: mergeMultiChain')

merge('behavior: the same wallet in two namespaces becomes one MULTI_CHAIN connector for the namespace asked for', () => {
  const evm = evmConnector('Phantom', 'app.phantom')
  const sol: Connector = { id: 'Phantom', uid: 'solana:Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana', chains: ['solana'] }
  const other = evmConnector('Alpha', 'dev.alpha')
  const wc: Connector = { id: 'walletConnect', uid: 'eip155:walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
  const forSolana = mergeMultiChain([wc, evm, other, sol], 'solana')
  assert.equal(forSolana.map((c) => [c.uid, c.type, c.chains]), [
    ['eip155:walletConnect', 'WALLET_CONNECT', undefined],
    ['solana:Phantom', 'MULTI_CHAIN', ['eip155', 'solana']],
    ['eip155:dev.alpha', 'ANNOUNCED', undefined],
  ])
  assert.is(mergeMultiChain([evm, sol], 'eip155')[0]!.uid, 'eip155:app.phantom')
  assert.is(mergeMultiChain([evm, sol], 'bip122')[0]!.uid, 'eip155:app.phantom', 'no connector there: the first')
  assert.equal(mergeMultiChain([other], 'eip155'), [other])
})
merge.run()

const modal = suite('multi-namespace modal')
modal.before.each(resetDom)
modal.after.each(() => installed.splice(0).forEach((h) => h.unregister()))

modal('behavior: Connect lists Solana wallets beside EVM ones; a wallet in both is listed once', async () => {
  install('Phantom')
  install('Sol Only')
  const kit = start(evmAdapter([evmConnector('Phantom', 'app.phantom'), evmConnector('Alpha', 'dev.alpha')]))
  await kit.open()
  await item('Sol Only')
  await item('Alpha')
  assert.is(names().filter((n) => n === 'Phantom').length, 1)
  assert.is(kit.store.connection.connectors.value.filter((c) => c.name === 'Phantom').length, 2, 'both connectors stay in state')
})

modal('behavior: connect EVM, then Solana from the Networks view; switch between them; disconnect Solana only', async () => {
  install('Sol Wallet')
  const evm = evmAdapter([evmConnector('Alpha', 'dev.alpha')])
  const kit = start(evm)
  await kit.open()
  ;(await item('Alpha')).click()
  await waitFor(() => kit.getIsConnected(), 'EVM connected')
  assert.is(kit.getCaipAddress(), `eip155:1:${EVM}`)

  // EVM connected, Solana not: choosing Solana makes it active and lists its wallets.
  await kit.open({ view: 'Networks' })
  ;(await item('Solana')).click()
  await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Connect Wallet', 'Connect')
  assert.is(kit.getState().activeChain, 'solana')
  assert.is(kit.getAddress(), undefined)
  assert.is(kit.getAddress('eip155'), EVM)
  await item('Sol Wallet')
  assert.not.ok(names().includes('Alpha'), 'only Solana wallets')
  ;(await item('Sol Wallet')).click()
  await waitFor(() => kit.getAddress() === A, 'Solana connected')
  assert.is(kit.getCaipAddress(), `solana:${solana.id}:${A}`)
  assert.is(kit.getAddress('eip155'), EVM)

  // Both connected: the Networks view just moves the active namespace.
  await kit.open({ view: 'Networks' })
  ;(await item('Ethereum')).click()
  await waitFor(() => kit.getState().activeChain === 'eip155', 'EVM active')
  assert.is(kit.getAddress(), EVM)
  assert.is(kit.getChainId(), 1)
  await kit.open({ view: 'Networks' })
  ;(await item('Solana Devnet')).click()
  await waitFor(() => kit.getChainId() === solanaDevnet.id, 'devnet')
  assert.is(kit.getCaipAddress(), `solana:${solanaDevnet.id}:${A}`)
  assert.is((kit.getWalletProvider() as { chain?: string }).chain, 'solana:devnet')

  await kit.disconnect('solana')
  assert.is(kit.getState().activeChain, 'eip155')
  assert.is(kit.getAddress(), EVM)
  assert.ok(kit.getIsConnected())
  assert.is(kit.getAddress('solana'), undefined)
  assert.not.ok(evm.calls.some((c) => c.startsWith('disconnect')))
})

modal('behavior: the wallet switching or dropping its account reaches the modal; EVM is untouched', async () => {
  const { handle } = install('Sol Events')
  const kit = start(evmAdapter([evmConnector('Alpha', 'dev.alpha')]))
  await kit.open()
  ;(await item('Alpha')).click()
  await waitFor(() => kit.getIsConnected(), 'EVM connected')
  await kit.open({ view: 'Connect' })
  ;(await item('Sol Events')).click()
  await waitFor(() => kit.getAddress() === A, 'Solana connected')
  handle.setAccounts([1])
  await waitFor(() => kit.getAddress() === B, 'account changed')
  assert.is(kit.getCaipAddress(), `solana:${solana.id}:${B}`)
  handle.disconnect()
  await waitFor(() => kit.getAddress('solana') === undefined, 'Solana gone')
  assert.is(kit.getState().activeChain, 'eip155')
  assert.is(kit.getAddress(), EVM)
})

modal('behavior: React hooks follow the active namespace; useAppKitProvider(\'solana\') gives the Solana provider', async () => {
  // Updates arrive from wallet promises, outside act(): waitFor observes the rendered result.
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  install('Sol Hooks')
  const kit = start(evmAdapter([evmConnector('Alpha', 'dev.alpha')]))
  function View() {
    const account = hooks.useAppKitAccount()
    const evm = hooks.useAppKitAccount({ namespace: 'eip155' })
    const { caipNetworkId } = hooks.useAppKitNetwork()
    const { walletProvider } = hooks.useAppKitProvider<SolanaWalletProvider>('solana')
    return createElement('p', null, `${account.address ?? '-'}|${evm.address ?? '-'}|${caipNetworkId}|${walletProvider?.name ?? '-'}`)
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  root.render(createElement(View))
  await waitFor(() => container.textContent === `-|-|eip155:1|-`, 'first render')
  await kit.open()
  ;(await item('Alpha')).click()
  await waitFor(() => container.textContent === `${EVM}|${EVM}|eip155:1|-`, 'EVM in the hooks')
  await kit.open({ view: 'Connect' })
  ;(await item('Sol Hooks')).click()
  await waitFor(() => container.textContent === `${A}|${EVM}|${solana.caipNetworkId}|Sol Hooks`, 'Solana active in the hooks')
  await kit.switchNetwork(mainnet)
  await waitFor(() => container.textContent === `${EVM}|${EVM}|eip155:1|Sol Hooks`, 'EVM active again')
  root.unmount()
})

modal('behavior: a Solana wallet registering while Connect is open appears in the list', async () => {
  const kit = start(evmAdapter([]))
  await kit.open()
  await waitFor(() => kit.store.options.adapters.length && modalRoot().querySelector('[aria-label=Wallets]'), 'list')
  install('Late Wallet')
  await item('Late Wallet')
})
modal.run()
