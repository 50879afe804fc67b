import type { Store } from '../../signals/store'
import type { ChainAdapter, Network } from '../../types'
import type { Provider } from './provider'
import { errorMessage, PosternError } from '../../utils/errors'
import { isMobile } from '../../utils/platform'
import { safeUrl } from '../../utils/url'
import { accountFor } from '../../signals/account'
import { rpcUrlFor } from '../../signals/adapters'
import { hideToast, showToast } from '../../signals/toast'
import { storedDeepLink, walletConnectConnector, walletConnectState, walletScheme } from '../../signals/walletconnect-pairing'
import { sessionEnded, walletConnectNamespaces } from './session'
import { apiNativeBalance } from './balance'
import { overrideRpcUrl } from './overrides'

/** Requests the wallet's user has to approve: while one is out, the modal says so. */
const APPROVALS = new Set([
  'personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTypedData', 'eth_sendTransaction', 'eth_signTransaction', 'wallet_sendCalls',
  'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions',
  'tron_signMessage', 'tron_signTransaction',
  'signMessage', 'sendTransfer', 'signPsbt',
])

/** Each instance's provider as handed out, wrapped once. */
const proxies = new WeakMap<Store, Provider>()

/**
 * Points the provider's requests at a network; a chain the session lacks is left to the request.
 * Its reads go to the universalProviderConfigOverride's rpcMap entry for the chain, else the modal's
 * first RPC endpoint (one URL, as the rpcMap: see namespaces.ts; Postern's own reads fall back).
 */
export function setDefaultChain(store: Store, provider: Provider, network: Network): void {
  try {
    const rpc = overrideRpcUrl(store.options.universalProviderConfigOverride, network.caipNetworkId) ?? rpcUrlFor(store, network)
    provider.setDefaultChain(network.caipNetworkId, rpc || undefined)
  } catch {
    // a chain the session does not cover: requests name their chain themselves
  }
}

/** Drives every namespace of the session: switch just sets the network, balances via adapter or API. */
export function createDriver(store: Store, provider: Provider): ChainAdapter {
  return {
    namespace: walletConnectConnector(store).chain,
    setup() {},
    async connect() {
      throw new PosternError('WalletConnect connects by pairing: open ConnectingWalletConnect', 'WALLET_CONNECT_PAIRING')
    },
    async disconnect() {
      await endSession(store, provider)
    },
    async switchNetwork(_connectorId, network) {
      setDefaultChain(store, provider, network)
    },
    getBalance(address, network, token) {
      const adapter = store.options.adapters.find((a) => a.namespace === network.chainNamespace)
      return adapter ? adapter.getBalance(address, network, token) : apiNativeBalance(store, address, network, token)
    },
    // An adapter with its own WalletConnect provider shape (Bitcoin's BitcoinWalletConnectConnector,
    // TRON's TronWalletConnectConnector) gets that; others get the universal provider.
    getProvider: (_id, namespace) => {
      const requesting = requestingProvider(store, provider)
      const adapter = namespace && store.options.adapters.find((a) => a.namespace === namespace)
      if (!adapter || !namespace || !adapter.walletConnectProvider) return requesting
      const networks = () => store.network.networks.peek().filter((n) => n.chainNamespace === namespace)
      return adapter.walletConnectProvider(requesting, () => ({
        address: accountFor(store, namespace).address,
        network: networks().find((n) => n.caipNetworkId === store.network.byNamespace.peek()[namespace]) ?? networks()[0],
        networks: networks(),
      }))
    },
  }
}

/**
 * Deletes the session and disconnects every namespace that used it. SPEC section 4: 'No
 * matching key' (a session the relay already forgot) is ignored.
 */
async function endSession(store: Store, provider: Provider): Promise<void> {
  try {
    if (provider.session) await provider.disconnect()
  } catch (error) {
    if (!/no matching key|please call connect/i.test(errorMessage(error, ''))) throw error
  }
  sessionEnded(store)
}

/** The universal provider, whose approval requests mark the wallet as waiting on its user. */
function requestingProvider(store: Store, provider: Provider): Provider {
  const existing = proxies.get(store)
  if (existing) return existing
  const request: Provider['request'] = async (args, chain, expiry) => {
    const asks = APPROVALS.has(args?.method)
    if (!asks) return provider.request(args, chain, expiry)
    const wc = walletConnectState(store)
    const name = activeWalletName(store)
    wc.pendingRequest.value = args.method
    if (store.modal.open.peek()) showToast(store, 'loading', `Approve in ${name}`)
    bringWalletForward()
    try {
      return await provider.request(args, chain, expiry)
    } finally {
      wc.pendingRequest.value = undefined
      hideToast(store)
    }
  }
  const proxy = new Proxy(provider, {
    get(target, key) {
      if (key === 'request') return request
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
  proxies.set(store, proxy)
  return proxy
}

function activeWalletName(store: Store): string {
  const namespace = walletConnectNamespaces(store).find((ns) => ns === store.network.activeNamespace.peek())
  return (namespace && accountFor(store, namespace).connectedWalletInfo?.name) || 'your wallet'
}

/** On mobile the stored deep link brings the wallet app forward for the request. */
function bringWalletForward(): void {
  if (!isMobile()) return
  const link = storedDeepLink()
  const href = link && safeUrl(link.href, [walletScheme(link.href) ?? ''].filter(Boolean))
  if (href) location.assign(href)
}
