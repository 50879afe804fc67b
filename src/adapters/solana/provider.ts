import * as v from 'valibot'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Network, SolanaProvider } from '../../types'
import { PosternError } from '../../utils/errors'
import { walletChainFor } from './chains'
import {
  Bytes,
  callWallet,
  requireFeature,
  SendOptions,
  SignAndSendOutput,
  SignMessageOutput,
  SignTransactionOutput,
  toBase58,
  type SignAndSendFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
  type SolanaSendOptions,
} from './standard'

export type { SolanaSendOptions }

/** A Solana wallet's provider (types.ts SolanaProvider), with the Wallet Standard wallet itself. */
export interface SolanaWalletProvider extends SolanaProvider<SolanaSendOptions> {
  /** The Wallet Standard wallet itself, for libraries that speak the standard. */
  readonly wallet: Wallet
}

export interface ProviderSession {
  account: WalletAccount
  network: Network
}

function bytes(value: unknown, what: string): Uint8Array {
  if (!v.is(Bytes, value)) throw new PosternError(`${what} must be a Uint8Array`, -32602)
  return value
}

export function createProvider(wallet: Wallet, session: () => ProviderSession | undefined): SolanaWalletProvider {
  const live = (): ProviderSession => {
    const current = session()
    if (!current) throw new PosternError('No ActiveCaipAddress found', 'NO_ACCOUNT')
    return current
  }
  return {
    get name() {
      return wallet.name
    },
    get icon() {
      return wallet.icon
    },
    wallet,
    get address() {
      return session()?.account.address
    },
    get publicKey() {
      const key = session()?.account.publicKey
      return key ? new Uint8Array(key) : undefined
    },
    get chain() {
      const current = session()
      return current ? walletChainFor(current.network) : undefined
    },
    async signMessage(message) {
      const input = bytes(message, 'message')
      const { account } = live()
      const feature = requireFeature<SignMessageFeature>(wallet, 'solana:signMessage')
      const [output] = await callWallet(() => feature.signMessage({ account, message: input }), SignMessageOutput, 'Sign message failed')
      return new Uint8Array(output!.signature)
    },
    async signTransaction(transaction) {
      const [signed] = await this.signAllTransactions([transaction])
      return signed!
    },
    async signAllTransactions(transactions) {
      const inputs = transactions.map((t) => bytes(t, 'transaction'))
      if (inputs.length === 0) return []
      const { account, network } = live()
      const chain = walletChainFor(network)
      const feature = requireFeature<SignTransactionFeature>(wallet, 'solana:signTransaction')
      const outputs = await callWallet(() => feature.signTransaction(...inputs.map((transaction) => ({ account, transaction, chain }))), SignTransactionOutput)
      if (outputs.length !== inputs.length) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
      return outputs.map((o) => new Uint8Array(o.signedTransaction))
    },
    async signAndSendTransaction(transaction, options) {
      const input = bytes(transaction, 'transaction')
      const parsed = v.safeParse(SendOptions, options)
      if (!parsed.success) throw new PosternError(`Invalid sign-and-send options: ${parsed.issues[0].message}`, -32602)
      const { account, network } = live()
      const feature = requireFeature<SignAndSendFeature>(wallet, 'solana:signAndSendTransaction')
      const [output] = await callWallet(
        () => feature.signAndSendTransaction({ account, transaction: input, chain: walletChainFor(network), ...(parsed.output ? { options: parsed.output } : {}) }),
        SignAndSendOutput,
      )
      return toBase58(output!.signature)
    },
  }
}
