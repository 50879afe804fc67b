import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { Network } from '../../types'
import type { Provider } from './provider'
import { rpcUrlsFor } from '../../signals/adapters'
import { PosternError } from '../../utils/errors'
import { isTronAddress } from '../../utils/tron/address'
import { ProviderEventEmitter } from '../../utils/tron/emitter'
import { tronApi } from '../../utils/tron/http'
import { sendTrx } from '../../utils/tron/transfer'
import type { TronConnector } from '../../utils/tron/types'

const Signature = v.pipe(v.string(), v.regex(/^(0x)?[0-9a-f]{130}$/i, 'a signature is 65 bytes of hex'))
const SignResult = v.union([Signature, v.pipe(v.looseObject({ signature: Signature }), v.transform((r) => r.signature))])

const connectors = new WeakMap<Store, TronConnector>()

/** The session's TRON network: the one chosen in the namespace, else the site's first. */
function tronNetwork(store: Store): Network {
  const networks = store.network.networks.peek().filter((n) => n.chainNamespace === 'tron')
  const chosen = store.network.byNamespace.peek().tron
  const network = networks.find((n) => n.caipNetworkId === chosen) ?? networks[0]
  if (!network) throw new PosternError('Chain not found', 'NO_NETWORK')
  return network
}

/**
 * AppKit's TronWalletConnectConnector: the TronConnector useAppKitProvider('tron') gives for a
 * WalletConnect session. Signing goes to the wallet (tron_signMessage, tron_signTransaction),
 * building and broadcasting to the network's node.
 */
export function tronWalletConnectProvider(store: Store, provider: Provider): TronConnector {
  const existing = connectors.get(store)
  if (existing) return existing
  const events = new ProviderEventEmitter()
  const connector: TronConnector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: 'tron',
    imageUrl: undefined,
    get chains() {
      return store.network.networks.peek().filter((n) => n.chainNamespace === 'tron')
    },
    get provider() {
      return connector
    },
    request: <T>(args: { method: string; params?: unknown }) => provider.request(args as never, tronNetwork(store).caipNetworkId) as Promise<T>,
    connect: () => Promise.reject(new Error('Connection of WalletConnectProvider should be done via UniversalAdapter')),
    disconnect: () => provider.disconnect(),
    async signMessage({ message, from }) {
      if (typeof message !== 'string' || message === '') throw new PosternError('message must be a non-empty string', -32602)
      const result = await connector.request({ method: 'tron_signMessage', params: { address: from, message } })
      const signature = v.safeParse(SignResult, result)
      if (!signature.success) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
      return signature.output
    },
    async sendTransaction({ from, to, value }) {
      if (!isTronAddress(from) || !isTronAddress(to)) throw new PosternError('Invalid TRON address', -32602)
      if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new PosternError('value must be a whole number of sun', -32602)
      const network = tronNetwork(store)
      const sign = (transaction: unknown) => connector.request({ method: 'tron_signTransaction', params: { address: from, transaction } })
      return sendTrx(tronApi(rpcUrlsFor(store, network)), sign, from, to, BigInt(value))
    },
    async signTransaction(transaction) {
      const from = store.accounts.byNamespace.peek().tron?.address
      return connector.request({ method: 'tron_signTransaction', params: { address: from, transaction } })
    },
    switchNetwork: () => Promise.resolve(),
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
    emit: (event, data) => events.emit(event, data),
  }
  connectors.set(store, connector)
  return connector
}
