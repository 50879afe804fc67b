// The ESM demo's own module, a file of its own: the demo's CSP allows no inline script. Every
// feature the local stack runs is on (full-options.js), and sign-in with X (SIWX) keeps its
// sessions in the reference server (ReferenceAuthSIWX, postern/siwx).
import { createAppKit } from '/dist/esm/index.js'
import { mainnet, polygon, solanaLocal } from '/dist/esm/networks.js'
import { eip155, solana } from '/dist/esm/adapters.js'
import { ReferenceAuthSIWX } from '/dist/esm/siwx.js'
const config = window.POSTERN_DEMO
const modal = createAppKit({
  ...window.demoOptions(config),
  networks: [mainnet, polygon, solanaLocal],
  adapters: [eip155(), solana()],
  siwx: new ReferenceAuthSIWX({ statement: 'Sign in to the Postern demo' }),
  themeMode: 'light',
})
window.modal = modal
document.getElementById('open').addEventListener('click', () => modal.open())
