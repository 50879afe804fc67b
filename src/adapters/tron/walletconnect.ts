import * as v from 'valibot'
import type { Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { isTronAddress } from '../../utils/tron/address'
import { ProviderEventEmitter } from '../../utils/tron/emitter'
import { tronApi } from '../../utils/tron/http'
import { sendTrx } from '../../utils/tron/transfer'
import type { TronConnector } from '../../utils/tron/types'

// AppKit's TronWalletConnectConnector, in the TRON adapter's own chunk: what
// useAppKitProvider('tron') gives while a WalletConnect session serves the namespace.

const Signature = v.pipe(v.string(), v.regex(/^(0x)?[0-9a-f]{130}$/i, 'a signature is 65 bytes of hex'))
const SignResult = v.union([Signature, v.pipe(v.looseObject({ signature: Signature }), v.transform((r) => r.signature))])

/** The universal provider as the connector uses it. */
export interface SessionProvider {
  request(args: { method: string; params?: unknown }, chain?: string): Promise<unknown>
  disconnect(): Promise<void>
}

/** The session's TRON account and network as the modal has them. */
export type SessionState = () => { address?: string; network?: Network; networks: Network[] }

/**
 * Signing goes to the wallet (tron_signMessage, tron_signTransaction), building and broadcasting
 * to the network's node (`urls`: its endpoints in fallback order).
 */
export function createTronWalletConnectConnector(provider: SessionProvider, state: SessionState, urls: (network: Network) => string[]): TronConnector {
  const events = new ProviderEventEmitter()
  const network = () => {
    const current = state().network
    if (!current) throw new PosternError('Chain not found', 'NO_NETWORK')
    return current
  }
  const connector: TronConnector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: 'tron',
    imageUrl: undefined,
    get chains() {
      return state().networks
    },
    get provider() {
      return connector
    },
    request: <T>(args: { method: string; params?: unknown }) => provider.request(args, network().caipNetworkId) as Promise<T>,
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
      const sign = (transaction: unknown) => connector.request({ method: 'tron_signTransaction', params: { address: from, transaction } })
      return sendTrx(tronApi(urls(network())), sign, from, to, BigInt(value))
    },
    signTransaction: (transaction) => connector.request({ method: 'tron_signTransaction', params: { address: state().address, transaction } }),
    switchNetwork: () => Promise.resolve(),
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
    emit: (event, data) => events.emit(event, data),
  }
  return connector
}
