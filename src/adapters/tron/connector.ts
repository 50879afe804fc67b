import * as v from 'valibot'
import type { Network } from '../../types'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'
import { isTronAddress } from '../../utils/tron/address'
import { ProviderEventEmitter } from '../../utils/tron/emitter'
import type { TronApi, TronTransaction } from '../../utils/tron/http'
import { sendTrx } from '../../utils/tron/transfer'
import type { TronConnector, TronWalletAdapter } from '../../utils/tron/types'

const Signature = v.pipe(v.string(), v.regex(/^(0x)?[0-9a-f]{130}$/i, 'a signature is 65 bytes of hex'))
const Value = v.pipe(v.string(), v.regex(/^\d+$/, 'value must be a whole number of sun'))

/** What a connector reads from the adapter: the networks, the selected one's node. */
export interface ConnectorContext {
  networks(): Network[]
  api(): TronApi
}

/** A wallet error as Postern's: a refusal becomes 4001, others keep their message. */
export async function walletCall<T>(work: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const message = (error as { message?: unknown })?.message
    // The wallet adapters wrap the wallet's error (its code in .error); TronLink says 'Confirmation declined by user'.
    const inner = (error as { error?: unknown })?.error
    if (isUserRejected(error) || isUserRejected(inner) || /reject|declined|denied|cancel/i.test(typeof message === 'string' ? message : '')) throw new PosternError('User rejected the request.', USER_REJECTED, { cause: error })
    if (error instanceof PosternError) throw error
    throw new PosternError(typeof message === 'string' && message ? message : fallback, 'WALLET_ERROR', { cause: error })
  }
}

/** A transaction with addresses in the node's own form, as adapters hand it to the wallet unchanged. */
const plain = (tx: TronTransaction) => structuredClone(tx) as Record<string, unknown>

/**
 * AppKit's TronConnectConnector: one TRON wallet adapter (TronLink, ...) as the connector and
 * provider sites get. Transfers go through the selected network's node (sendTrx).
 */
export function createTronConnector(adapter: TronWalletAdapter, context: ConnectorContext): TronConnector {
  const events = new ProviderEventEmitter()
  const address = () => {
    const current = adapter.address
    if (!isTronAddress(current)) throw new PosternError('No address available after connect', 'NO_ACCOUNT')
    return current
  }
  const signMessage = async (message: unknown) => {
    if (typeof message !== 'string' || message === '') throw new PosternError('message must be a non-empty string', -32602)
    const signature = await walletCall(() => adapter.signMessage(message), 'Sign message failed')
    if (!v.is(Signature, signature)) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
    return signature
  }
  const connector: TronConnector = {
    get id() {
      return adapter.name
    },
    get name() {
      return adapter.name
    },
    type: 'INJECTED',
    chain: 'tron',
    get imageUrl() {
      return adapter.icon
    },
    get chains() {
      return context.networks()
    },
    get provider() {
      return connector
    },
    async request<T>({ method, params }: { method: string; params?: unknown }): Promise<T> {
      const p = (params ?? {}) as { message?: unknown; transaction?: unknown }
      if (method === 'tron_requestAccounts') return [await connector.connect()] as T
      if (method === 'tron_signMessageV2') return (await signMessage(p.message)) as T
      if (method === 'tron_sendTransaction') {
        if (!p.transaction || typeof p.transaction !== 'object') throw new PosternError('transaction must be an object', -32602)
        return (await walletCall(() => adapter.signTransaction(p.transaction as Record<string, unknown>), 'Sign transaction failed')) as T
      }
      throw new PosternError(`Unsupported method: ${method}`, 4200)
    },
    async connect() {
      await walletCall(() => adapter.connect(), 'Connection failed')
      const current = address()
      events.emit('accountsChanged', [current])
      return current
    },
    async disconnect() {
      try {
        await adapter.disconnect()
      } catch {
        // some wallets do not support a programmatic disconnect
      }
    },
    signMessage: ({ message }) => signMessage(message),
    async sendTransaction(params) {
      const { from, to, value } = params ?? ({} as TronConnector.SendTransactionParams)
      if (!isTronAddress(from) || from !== adapter.address) throw new PosternError('from must be the connected address', -32602)
      if (!isTronAddress(to)) throw new PosternError('Invalid TRON address', -32602)
      if (!v.is(Value, value)) throw new PosternError('value must be a whole number of sun', -32602)
      return sendTrx(context.api(), (tx) => walletCall(() => adapter.signTransaction(plain(tx)), 'Sign transaction failed'), from, to, BigInt(value))
    },
    async signTransaction(transaction) {
      if (!transaction || typeof transaction !== 'object') throw new PosternError('transaction must be an object', -32602)
      return walletCall(() => adapter.signTransaction(structuredClone(transaction)), 'Sign transaction failed')
    },
    // AppKit's: the adapter keeps the network; the wallet is not asked.
    switchNetwork: () => Promise.resolve(),
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
    emit: (event, data) => events.emit(event, data),
  }
  // The wallet's own changes, as AppKit's connector re-emits them.
  adapter.on('accountsChanged', ((next: unknown) => typeof next === 'string' && next && events.emit('accountsChanged', [next])) as never)
  adapter.on('disconnect', (() => events.emit('disconnect')) as never)
  adapter.on('chainChanged', ((data: unknown) => {
    const chainId = typeof data === 'string' ? data : (data as { chainId?: unknown } | null)?.chainId
    if (typeof chainId === 'string') events.emit('chainChanged', chainId)
  }) as never)
  return connector
}
