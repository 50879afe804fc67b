// A site as AppKit's html-bitcoin example is written, with Postern's imports: createAppKit with a
// BitcoinAdapter, and the provider AppKit gives for bip122 (its BitcoinConnector) on window. A page
// may name its networks (window.BITCOIN_NETWORKS, e.g. ['bitcoin', 'bitcoinTestnet'] as react-bitcoin's).
import { createAppKit } from 'postern'
import { BitcoinAdapter, type BitcoinConnector } from 'postern/bitcoin'
import { bitcoin, bitcoinRegtest, bitcoinTestnet } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO

const named = { bitcoin, bitcoinRegtest, bitcoinTestnet }
const wanted = (window as unknown as { BITCOIN_NETWORKS?: (keyof typeof named)[] }).BITCOIN_NETWORKS
const [first, ...others] = wanted?.map((name) => named[name]) ?? [bitcoinRegtest, bitcoin]

const modal = createAppKit({
  adapters: [new BitcoinAdapter()],
  networks: [first!, ...others],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})

Object.assign(window, { modal, bitcoinProvider: () => modal.getProvider<BitcoinConnector>('bip122') })
document.body.append(document.createElement('appkit-button'))
