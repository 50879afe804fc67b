// The ESM demo's own module, a file of its own: the demo's CSP allows no inline script.
import { createAppKit, networks, adapters } from '/dist/cdn/postern.mjs'
const config = window.POSTERN_DEMO
const modal = createAppKit({
  projectId: config.projectId,
  networks: [networks.mainnet, networks.polygon, networks.solanaLocal],
  adapters: [adapters.eip155(), adapters.solana()],
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  themeMode: 'light',
})
document.getElementById('open').addEventListener('click', () => modal.open())
