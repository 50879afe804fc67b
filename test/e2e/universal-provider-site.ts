// A site that brings its own WalletConnect UniversalProvider (AppKit's universalProvider option).
import UniversalProvider from '@walletconnect/universal-provider'
import { createAppKit } from 'postern'
import { eip155 } from 'postern/adapters'
import { mainnet, polygon } from 'postern/networks'

const config = (window as unknown as { POSTERN_DEMO: { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> } }).POSTERN_DEMO

void (async () => {
const universalProvider = await UniversalProvider.init({ projectId: config.projectId, relayUrl: config.relayUrl, customStoragePrefix: 'site-own', logger: 'fatal' })
const modal = createAppKit({
  universalProvider,
  adapters: [eip155()],
  networks: [mainnet, polygon],
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  features: { email: false, socials: false, analytics: false },
})
Object.assign(window, { modal, universalProvider })
})()
