// The ESM demo's own module, a file of its own: the demo's CSP allows no inline script. Every
// feature the local stack runs is on (full-options.js), and sign-in with X (SIWX) keeps its
// sessions in the reference server (ReferenceAuthSIWX, postern/siwx). Bitcoin joins EVM and Solana
// through postern/bitcoin's BitcoinAdapter, on the local regtest ledger.
import { createAppKit } from '/dist/esm/index.js'
import { bitcoinRegtest, mainnet, polygon, solanaLocal } from '/dist/esm/networks.js'
import { eip155, solana } from '/dist/esm/adapters.js'
import { BitcoinAdapter } from '/dist/esm/bitcoin.js'
import { ReferenceAuthSIWX } from '/dist/esm/siwx.js'
const config = window.POSTERN_DEMO
const modal = createAppKit({
  ...window.demoOptions(config),
  networks: [mainnet, polygon, solanaLocal, bitcoinRegtest],
  adapters: [eip155(), solana(), new BitcoinAdapter()],
  siwx: new ReferenceAuthSIWX({ statement: 'Sign in to the Postern demo' }),
  themeMode: 'light',
})
window.modal = modal
document.getElementById('open').addEventListener('click', () => modal.open())
