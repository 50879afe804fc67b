// A site on postern/universal-connector as AppKit's universal-connector examples use it: TON, Sui,
// polkadot and cosmos over WalletConnect, each network its own custom network.
import { UniversalConnector, type CustomCaipNetwork } from 'postern/universal-connector'

type Demo = { projectId: string; apiUrl: string; blockchainApiUrl: string; relayUrl: string; rpcUrls: Record<string, string> }
const config = (window as unknown as { POSTERN_DEMO: Demo }).POSTERN_DEMO

const tonMainnet: CustomCaipNetwork<'ton'> = {
  id: -239,
  chainNamespace: 'ton',
  caipNetworkId: 'ton:-239',
  name: 'TON',
  nativeCurrency: { name: 'TON', symbol: 'TON', decimals: 9 },
  // The local TON ledger's toncenter API (dev/ton) under npm start and the tests.
  rpcUrls: { default: { http: [config.rpcUrls['ton:-239'] ?? 'https://toncenter.com/api/v2/jsonRPC'] } },
}
const suiMainnet: CustomCaipNetwork<'sui'> = {
  id: 784,
  chainNamespace: 'sui',
  caipNetworkId: 'sui:mainnet',
  name: 'Sui',
  nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 },
  rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } },
}
// The local Sui node (dev/sui), where the wallet executes what it signs.
const suiLocal: CustomCaipNetwork<'sui'> = {
  id: 'localnet',
  chainNamespace: 'sui',
  caipNetworkId: 'sui:localnet',
  name: 'Sui Localnet',
  nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 },
  rpcUrls: { default: { http: [config.rpcUrls['sui:localnet'] ?? 'http://127.0.0.1:9000'] } },
  testnet: true,
}
const polkadot: CustomCaipNetwork<'polkadot'> = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'] } },
}
const cosmosHub: CustomCaipNetwork<'cosmos'> = {
  id: 'cosmoshub-4',
  chainNamespace: 'cosmos',
  caipNetworkId: 'cosmos:cosmoshub-4',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'ATOM', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['https://cosmos-rpc.publicnode.com'] } },
}

void (async () => {
  const connector = await UniversalConnector.init({
    projectId: config.projectId,
    metadata: { name: 'Universal Connector', description: 'Universal Connector', url: location.origin, icons: [] },
    networks: [
      { namespace: 'ton', chains: [tonMainnet], methods: ['ton_sendMessage', 'ton_signData'], events: [] },
      { namespace: 'sui', chains: [suiMainnet, suiLocal], methods: ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'], events: [] },
      { namespace: 'polkadot', chains: [polkadot], methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
      { namespace: 'cosmos', chains: [cosmosHub], methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'], events: [] },
    ],
    providerConfig: { relayUrl: config.relayUrl, customStoragePrefix: 'uc-site', logger: 'fatal' },
    modalConfig: { apiUrl: config.apiUrl, blockchainApiUrl: config.blockchainApiUrl, features: { email: false, socials: false, analytics: false } },
  })
  Object.assign(window, { connector, modal: (connector as unknown as { appKit: unknown }).appKit })
})()
