// postern/solana/react: AppKit 1.8's @reown/appkit-adapter-solana/react names, and
// useAppKitConnection under the project's React 19: a real @solana/web3.js Connection to the
// selected Solana network's RPC (the local ledger here), following the network.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Connection, PublicKey } from '@solana/web3.js'
import * as solanaReact from '../src/solana-react'
import { mainnet, solanaDevnet, solanaLocal } from '../src/networks'
import { startSolana, type LocalSolana } from '../dev/solana/index.ts'
import { appkitNames } from './appkit-entries'
import { kitWith, resetDom, waitFor } from './render'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const test = suite('postern/solana/react')
let ledger: LocalSolana
test.before(async () => void (ledger = await startSolana({ accountCount: 1 })))
test.after(() => ledger?.stop())
test.before.each(resetDom)

/** Renders a component that keeps the hook's latest connection in `seen`. */
async function mount() {
  const seen: { connection?: Connection } = {}
  function View() {
    const { connection } = solanaReact.useAppKitConnection()
    seen.connection = connection
    return createElement('p', null, connection ? connection.rpcEndpoint : 'none')
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(createElement(View)))
  return { seen, container, unmount: () => act(async () => root.unmount()) }
}

test('exports: AppKit 1.8\'s names, but for its internal Solana helper objects', () => {
  assert.equal(appkitNames('solana/react', solanaReact).missing, ['SPL_COMPUTE_BUDGET_CONSTANTS', 'SolConstantsUtil', 'SolHelpersUtil'])
})

test('behavior: a web3.js Connection to the Solana network\'s RPC, with the adapter\'s settings; it reads the ledger', async () => {
  kitWith({ networks: [solanaLocal, solanaDevnet], rpcUrls: { [solanaLocal.caipNetworkId]: ledger.rpcUrl }, adapters: [new solanaReact.SolanaAdapter({ connectionSettings: 'processed' })] })
  const { seen, container, unmount } = await mount()
  await waitFor(() => container.textContent === ledger.rpcUrl, 'the connection to the local ledger')
  const connection = seen.connection!
  assert.instance(connection, Connection)
  assert.is(connection.commitment, 'processed')
  const owner = new PublicKey(ledger.accounts[0]!.address)
  assert.is(await connection.getBalance(owner), 100 * 1e9)
  assert.ok((await connection.getLatestBlockhash()).blockhash.length >= 32)
  await unmount()
})

test('behavior: a switch to another Solana network gives a connection to its RPC', async () => {
  const kit = kitWith({ networks: [solanaLocal, solanaDevnet], rpcUrls: { [solanaLocal.caipNetworkId]: ledger.rpcUrl }, adapters: [new solanaReact.SolanaAdapter()] })
  const { seen, container, unmount } = await mount()
  await waitFor(() => container.textContent === ledger.rpcUrl, 'the first connection')
  assert.is(seen.connection!.commitment, 'confirmed', 'AppKit\'s default connectionSettings')
  await act(async () => void (await kit.switchNetwork(solanaDevnet)))
  await waitFor(() => container.textContent === solanaDevnet.rpcUrls.default.http[0], 'the connection to devnet')
  await unmount()
})

test('behavior: with an EVM network active, the site\'s Solana network; with no Solana network, none', async () => {
  kitWith({ networks: [mainnet, solanaLocal], rpcUrls: { [solanaLocal.caipNetworkId]: ledger.rpcUrl }, adapters: [new solanaReact.SolanaAdapter()] })
  const first = await mount()
  await waitFor(() => first.container.textContent === ledger.rpcUrl, 'the Solana network\'s connection')
  await first.unmount()
  kitWith({ networks: [mainnet] })
  const second = await mount()
  await new Promise((r) => setTimeout(r, 200))
  assert.is(second.container.textContent, 'none')
  assert.is(second.seen.connection, undefined)
  await second.unmount()
})

test.run()
