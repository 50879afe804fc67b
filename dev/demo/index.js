// The script-tag demo's own code, a file of its own: the demo's CSP allows no inline script.
const config = window.POSTERN_DEMO
const { createAppKit, networks, adapters } = window.Postern
const modal = createAppKit({
  projectId: config.projectId,
  networks: [networks.mainnet, networks.polygon, networks.solanaLocal],
  adapters: [adapters.eip155(), adapters.solana()],
  metadata: { name: 'Postern demo', description: 'The Postern demo', url: location.origin, icons: [] },
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
})
window.modal = modal
const show = () => {
  document.getElementById('state').textContent = JSON.stringify({ ...modal.getState(), address: modal.getAddress() ?? null, chainId: modal.getChainId() }, null, 2)
}
modal.subscribeState(show)
modal.subscribeAccount(show)
modal.subscribeNetwork(show)
show()
