// AppKit's JavaScript quick-start with wagmi; only the imports are Postern's (and self-hosted.ts).
import { createAppKit } from 'postern'
import { WagmiAdapter } from 'postern/wagmi'
import { mainnet, polygon } from 'postern/networks'
import { projectId, selfHosted, customRpcUrls } from './self-hosted.ts'

export const networks = [mainnet, polygon]

// 1. The Wagmi adapter
const wagmiAdapter = new WagmiAdapter({ projectId, networks, customRpcUrls })

// 2. Metadata
const metadata = {
  name: 'Postern quick-start',
  description: 'AppKit\'s JavaScript quick-start on Postern',
  url: location.origin,
  icons: ['https://avatars.githubusercontent.com/u/179229932'],
}

// 3. The modal
const modal = createAppKit({
  adapters: [wagmiAdapter],
  networks,
  metadata,
  projectId,
  features: { analytics: true },
  ...selfHosted,
})

// 4. Open it from the page's own buttons
document.getElementById('open-connect-modal').addEventListener('click', () => modal.open())
document.getElementById('open-network-modal').addEventListener('click', () => modal.open({ view: 'Networks' }))

// 5. Show the account
const showNetwork = (chainId) => (document.getElementById('network').textContent = String(chainId ?? '–'))
modal.subscribeAccount((account) => {
  document.getElementById('address').textContent = account.address ?? '–'
  document.getElementById('status').textContent = account.status ?? 'disconnected'
  showNetwork(modal.getChainId())
})
modal.subscribeNetwork((network) => showNetwork(network.chainId))
