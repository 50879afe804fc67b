// The script-tag demo's own code, a file of its own: the demo's CSP allows no inline script.
// Every feature the local stack runs is on (full-options.js).
const config = window.POSTERN_DEMO
const { createAppKit, networks, adapters } = window.Postern
const modal = createAppKit({
  ...window.demoOptions(config),
  networks: [networks.mainnet, networks.polygon, networks.solanaLocal],
  adapters: [adapters.eip155(), adapters.solana()],
})
window.modal = modal
const show = () => {
  document.getElementById('state').textContent = JSON.stringify({ ...modal.getState(), address: modal.getAddress() ?? null, chainId: modal.getChainId() }, null, 2)
}
modal.subscribeState(show)
modal.subscribeAccount(show)
modal.subscribeNetwork(show)
show()
