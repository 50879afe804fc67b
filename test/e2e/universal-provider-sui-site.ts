// A site as AppKit's javascript-core-universal-provider-sui example: its own UniversalProvider,
// postern/core with manualWCControl, the modal opened with the provider's URI.
import UniversalProvider from '@walletconnect/universal-provider'
import { createAppKit } from 'postern/core'

type Demo = { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string }
const config = (window as unknown as { POSTERN_DEMO: Demo }).POSTERN_DEMO

const sui = {
  id: 784,
  chainNamespace: 'sui' as const,
  caipNetworkId: 'sui:mainnet' as const,
  name: 'Sui',
  nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 },
  rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } },
}

void (async () => {
  const provider = await UniversalProvider.init({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    customStoragePrefix: 'sui-site',
    logger: 'fatal',
    metadata: { name: 'WalletConnect x Sui', description: 'Sui over the universal provider', url: location.origin, icons: [] },
  })
  const modal = createAppKit({
    projectId: config.projectId,
    networks: [sui],
    universalProvider: provider,
    manualWCControl: true,
    relayUrl: config.relayUrl,
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    features: { analytics: false, email: false, socials: false },
  })
  const state = { session: provider.session as unknown }
  provider.on('display_uri', (uri: string) => void modal.open({ uri, view: 'ConnectingWalletConnectBasic' }))
  provider.on('connect', async (event: { session: unknown }) => {
    state.session = event.session
    await modal.close()
  })
  const connect = () => provider.connect({ optionalNamespaces: { sui: { methods: ['sui_signPersonalMessage'], chains: ['sui:mainnet'], events: [] } } })
  Object.assign(window, { provider, modal, state, connect })
})()
