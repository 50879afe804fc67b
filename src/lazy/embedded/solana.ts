// The embedded wallet on Solana, as AppKit's Solana AuthProvider: the same login's account, connected
// on the solana namespace when the site has a Solana adapter, with a provider whose signing goes
// through the secure frame (solana_* requests, approved in the frame).
import { effect } from '@preact/signals-core'
import type { Store } from '../../signals/store'
import type { Connector, Network, SolanaProvider } from '../../types'
import type { FrameUser } from '../../utils/frame-messages'
import { embeddedRpcUrl } from './rpc-url'
import { accountFor } from '../../signals/account'
import { applyConnection, forgetConnection, refreshBalance } from '../../signals/wallet'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { SolanaSendOptions } from '../../utils/frame-messages'
import type { Frame } from './frame'

const toText = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const toBytes = (text: string) => new Uint8Array(getBase58Encoder().encode(text))

/** The embedded wallet's Solana provider: the Solana adapter's shape, without a Wallet Standard wallet. */
export type EmbeddedSolanaProvider = SolanaProvider<SolanaSendOptions>

export function embeddedSolana(store: Store, frame: Frame, connectorId: string, fail: (error: unknown) => never) {
  const hasAdapter = () => store.options.adapters.some((a) => a.namespace === 'solana')
  const connector: Connector = { id: connectorId, uid: `solana:${connectorId}`, name: 'Email', type: 'AUTH', chain: 'solana' }
  const network = () => store.network.networks.peek().find((n) => n.caipNetworkId === store.network.byNamespace.peek().solana)
    ?? store.network.networks.peek().find((n) => n.chainNamespace === 'solana')
  let address: string | undefined

  async function request<T>(method: string, params: unknown): Promise<T> {
    const n = network()
    try {
      // The frame's Solana requests name the first endpoint that answers, as its EVM ones do.
      const rpcUrl = n && (await embeddedRpcUrl(store, n))
      return await frame.request('RPC_REQUEST', { method, params, chainNamespace: 'solana', chainId: n?.caipNetworkId, rpcUrl: rpcUrl || undefined }) as T
    } catch (error) {
      return fail(error)
    }
  }
  const live = () => {
    const current = accountFor(store, 'solana')
    if (current.connectorId !== connectorId || !current.address) throw new Error('No ActiveCaipAddress found')
    return current.address
  }

  const provider: EmbeddedSolanaProvider = {
    name: 'Email',
    icon: '',
    get address() { return accountFor(store, 'solana').connectorId === connectorId ? accountFor(store, 'solana').address : undefined },
    get publicKey() { const a = this.address; return a ? toBytes(a) : undefined },
    get chain() { const n = network(); return n ? `solana:${String(n.id)}` as `solana:${string}` : undefined },
    async signMessage(message) {
      const { signature } = await request<{ signature: string }>('solana_signMessage', { message: toText(message), pubkey: live() })
      return toBytes(signature)
    },
    async signTransaction(transaction) {
      live()
      const { transaction: signed } = await request<{ transaction: string }>('solana_signTransaction', { transaction: toText(transaction) })
      return toBytes(signed)
    },
    async signAllTransactions(transactions) {
      live()
      if (!transactions.length) return []
      const { transactions: signed } = await request<{ transactions: string[] }>('solana_signAllTransactions', { transactions: transactions.map(toText) })
      return signed.map(toBytes)
    },
    async signAndSendTransaction(transaction, options) {
      live()
      const { signature } = await request<{ signature: string }>('solana_signAndSendTransaction', { transaction: toText(transaction), options })
      return signature
    },
  }

  if (hasAdapter()) {
    // Listed for good, like the eip155 one: the Solana adapter lists its wallets again on setup.
    effect(() => {
      const listed = store.connection.connectors.value
      if (!listed.some((c) => c.uid === connector.uid)) store.connection.connectors.value = [...listed, connector]
    })
  }

  return {
    connector,
    provider,
    /** The frame's user, read for eip155, also connects Solana (not made active). */
    follow(u: FrameUser) {
      address = u.solanaAddress
      const n = network()
      if (!hasAdapter() || !address || !n || accountFor(store, 'solana').status === 'connected') return
      applyConnection(store, connector, address, n.id, { activate: false })
      void refreshBalance(store, 'solana')
    },
    /** The frame signed out: a Solana account of this login goes too (the disconnect forgets its own namespace). */
    signedOut() {
      address = undefined
      if (accountFor(store, 'solana').connectorId === connectorId && accountFor(store, 'eip155').connectorId === connectorId) {
        forgetConnection(store, store.network.activeNamespace.peek() === 'solana' ? 'eip155' : 'solana', { remember: false })
      }
    },
    /** connect/reconnect on the solana namespace: the address the frame reported. */
    result(n: Network, u: FrameUser) {
      address = u.solanaAddress
      if (!address) throw new Error('The embedded wallet has no Solana account')
      return { address, chainId: n.id }
    },
  }
}
