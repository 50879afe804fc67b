// The TRON demo: AppKit's react-tron set-up (TronAdapter over TronLink's own wallet adapter) on
// the local TRON node, with the TronLink-style test wallet the page loads first. Bundled by the
// stack (dev/stack.ts) as /tron.js: TronLink's adapter comes from npm, as a site's would.
import { TronLinkAdapter } from '@tronweb3/tronwallet-adapter-tronlink'
import { createAppKit } from 'postern'
import { TronAdapter, type TronConnector } from 'postern/tron'
import { tronLocal, tronShastaTestnet } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const modal = createAppKit({
  adapters: [new TronAdapter({ walletAdapters: [new TronLinkAdapter({ openUrlWhenWalletNotFound: false, checkTimeout: 3000 })] })],
  networks: [tronLocal, tronShastaTestnet],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  metadata: { name: 'Postern TRON demo', description: 'TRON on the local stack', url: location.origin, icons: [] },
})
const state = document.getElementById('state')!
modal.subscribeState(() => void (state.textContent = `${modal.getCaipAddress() ?? 'not connected'}`))
document.getElementById('sign')!.addEventListener('click', async () => {
  const provider = modal.getProvider<TronConnector>('tron')
  const address = modal.getAddress()
  if (!provider || !address) return void (state.textContent = 'connect first')
  state.textContent = await provider.signMessage({ message: 'Hello from the Postern demo', from: address }).catch((e: Error) => e.message)
})
Object.assign(window, { modal })
