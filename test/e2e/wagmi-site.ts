// A site set up as AppKit's wagmi quick-start is, with Postern's imports: createAppKit with a
// WagmiAdapter, wagmi's own actions on window for the test to call.
import { createAppKit } from 'postern'
import { WagmiAdapter } from 'postern/wagmi'
import { mainnet, polygon } from 'postern/networks'
import { connect, getAccount, getBalance, sendTransaction, switchChain, waitForTransactionReceipt } from '@wagmi/core'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO
const customRpcUrls = Object.fromEntries(Object.entries(config.rpcUrls).map(([id, url]) => [id, [{ url }]]))

const wagmiAdapter = new WagmiAdapter({ projectId: config.projectId, networks: [mainnet, polygon], customRpcUrls })
const modal = createAppKit({
  adapters: [wagmiAdapter],
  networks: [mainnet, polygon],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})

Object.assign(window, {
  modal,
  wagmiConfig: wagmiAdapter.wagmiConfig,
  wagmi: { connect, getAccount, getBalance, sendTransaction, switchChain, waitForTransactionReceipt },
})
