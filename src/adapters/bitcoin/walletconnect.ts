import * as v from 'valibot'
import type { Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { toBase64 } from './standard'
import { AddressPurpose, type BitcoinConnector } from './types'
import { providerEvents } from './events'
import { checked, HexBytes, PsbtResult, TxidResult } from './schemas'

/** The part of the universal provider a bip122 session uses. */
export interface UniversalLike {
  session?: { namespaces?: Record<string, { accounts?: string[]; methods?: string[]; chains?: string[] }> }
  request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T>
}

/** The account and network the modal has for bip122 while WalletConnect serves it. */
export interface WalletConnectState {
  address?: string
  network?: Network
  networks: Network[]
}

const SignMessageResult = v.looseObject({ signature: HexBytes })
const AccountAddresses = v.array(v.union([v.string(), v.looseObject({ address: v.string(), publicKey: v.optional(v.unknown()), path: v.optional(v.string()), intention: v.optional(v.string()) })]))

const fromHex = (hex: string) => Uint8Array.from(hex.replace(/^0x/, '').match(/../g) ?? [], (b) => parseInt(b, 16))

/**
 * AppKit's BitcoinWalletConnectConnector: the bip122 methods WalletConnect wallets answer
 * (signMessage, sendTransfer, signPsbt, getAccountAddresses), each checked against the session's
 * methods and sent for the modal's bip122 network.
 */
export function createBitcoinWalletConnectConnector(provider: UniversalLike, state: () => WalletConnectState): BitcoinConnector {
  const namespace = () => provider.session?.namespaces?.bip122
  const supported = (method: string) => {
    if (!namespace()?.methods?.includes(method)) throw new PosternError(`Method ${method} is not supported`, 4200)
  }
  const account = () => {
    const { address, network } = state()
    const found = namespace()?.accounts?.find((a) => !!address && a.toLowerCase() === `${network?.caipNetworkId}:${address}`.toLowerCase())
    const plain = found?.split(':')[2]
    if (!plain) throw new PosternError('Account not found', 'ACCOUNT_NOT_FOUND')
    return plain
  }
  const request = <T>(method: string, params: unknown): Promise<T> => {
    const chain = state().network?.caipNetworkId
    if (!chain) throw new PosternError('Chain not found', 'UNSUPPORTED_CHAIN')
    return provider.request<T>({ method, params }, chain)
  }
  const connector: BitcoinConnector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: 'bip122',
    get chains() {
      const chains = namespace()?.chains ?? namespace()?.accounts?.map((a) => a.split(':').slice(0, 2).join(':')) ?? []
      return state().networks.filter((n) => chains.includes(n.caipNetworkId))
    },
    get provider() {
      return connector
    },
    connect: () => Promise.reject(new Error('Connection of WalletConnectProvider should be done via UniversalAdapter')),
    disconnect: () => Promise.resolve(),
    async signMessage({ message, address, protocol }) {
      supported('signMessage')
      const result = checked(SignMessageResult, await request('signMessage', { message, account: address, address, protocol }))
      return toBase64(fromHex(result.signature))
    },
    async sendTransfer({ recipient, amount }) {
      supported('sendTransfer')
      const result = checked(TxidResult, await request('sendTransfer', { account: account(), recipientAddress: recipient, amount }))
      return result.txid
    },
    async getAccountAddresses() {
      supported('getAccountAddresses')
      const list = checked(AccountAddresses, await request('getAccountAddresses', { account: account() }))
      return list.map((a) =>
        typeof a === 'string'
          ? { address: a, purpose: AddressPurpose.Payment }
          : { address: a.address, purpose: a.intention === 'ordinal' ? AddressPurpose.Ordinal : AddressPurpose.Payment, ...(a.path && { path: a.path }) },
      )
    },
    async signPSBT(params) {
      supported('signPsbt')
      const result = checked(PsbtResult, await request('signPsbt', { account: account(), psbt: params.psbt, signInputs: params.signInputs, broadcast: params.broadcast }))
      return { psbt: result.psbt, txid: result.txid }
    },
    // The modal's network switch sets the session's default chain; nothing to ask the wallet.
    switchNetwork: () => Promise.resolve(),
    request: <T>(args: { method: string; params?: unknown }) => request<T>(args.method, args.params),
    ...providerEvents(),
  }
  return connector
}
