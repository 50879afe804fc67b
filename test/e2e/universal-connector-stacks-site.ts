// A site on postern/universal-connector as AppKit's react-core-universal-connector and
// vue-universal-connector examples set it up: Sui and Stacks over WalletConnect, custom networks.
import { UniversalConnector, type CustomCaipNetwork } from 'postern/universal-connector'

type Demo = { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string }
const config = (window as unknown as { POSTERN_DEMO: Demo }).POSTERN_DEMO

const suiMainnet: CustomCaipNetwork<'sui'> = {
  id: 784,
  chainNamespace: 'sui',
  caipNetworkId: 'sui:mainnet',
  name: 'Sui',
  nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 },
  rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } },
}
const stacksMainnet: CustomCaipNetwork<'stacks'> = {
  id: 1,
  chainNamespace: 'stacks',
  caipNetworkId: 'stacks:1',
  name: 'Stacks',
  nativeCurrency: { name: 'STX', symbol: 'STX', decimals: 6 },
  rpcUrls: { default: { http: ['https://stacks-node-mainnet.stacks.co'] } },
}

void (async () => {
  const connector = await UniversalConnector.init({
    projectId: config.projectId,
    metadata: { name: 'Universal Connector', description: 'Universal Connector', url: location.origin, icons: [] },
    networks: [
      { namespace: 'sui', chains: [suiMainnet], methods: ['sui_signPersonalMessage'], events: [] },
      { namespace: 'stacks', chains: [stacksMainnet], methods: ['stx_signMessage', 'stx_signTransaction'], events: ['stx_chainChanged'] },
    ],
    providerConfig: { relayUrl: config.relayUrl, customStoragePrefix: 'uc-stacks', logger: 'fatal' },
    modalConfig: { apiUrl: config.apiUrl, blockchainApiUrl: config.blockchainApiUrl, features: { email: false, socials: false, analytics: false } },
  })
  Object.assign(window, { connector, modal: (connector as unknown as { appKit: unknown }).appKit })
})()
