import * as v from 'valibot'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Network, SolanaProvider } from '../../types'
import { PosternError } from '../../utils/errors'
import { servesNetwork, walletChainFor } from './chains'
import { PublicKeyBytes, sameKind, toWire, type AnyTransaction, type Web3Connection } from './web3'
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
export type { AnyTransaction, Web3Connection, Web3Transaction } from './web3'

/**
 * A Solana wallet's provider (types.ts SolanaProvider), with the Wallet Standard wallet itself and
 * AppKit's shape: web3.js transactions in and out, sendTransaction(tx, connection), the chains.
 */
export interface SolanaWalletProvider extends SolanaProvider<SolanaSendOptions> {
  /** The Wallet Standard wallet itself, for libraries that speak the standard. */
  readonly wallet: Wallet
  /** The account's key, as web3.js's PublicKey reads it (and still its 32 bytes). */
  readonly publicKey: PublicKeyBytes | undefined
  /** AppKit's: the site's Solana networks the wallet serves, and all of them. */
  readonly chains: Network[]
  readonly requestedChains: Network[]
  /** AppKit's: the selected Solana network, its rpcUrls the endpoints Postern reads through. */
  getActiveChain(): Network | undefined
  signTransaction<T extends AnyTransaction>(transaction: T): Promise<T>
  signAllTransactions<T extends AnyTransaction>(transactions: readonly T[]): Promise<T[]>
  signAndSendTransaction(transaction: AnyTransaction, options?: SolanaSendOptions): Promise<string>
  /** AppKit's: signs with the wallet, then sends through the site's web3.js Connection. */
  sendTransaction(transaction: AnyTransaction, connection: Web3Connection, options?: Record<string, unknown>): Promise<string>
}

export interface ProviderSession {
  account: WalletAccount
  network: Network
}

/** The site's Solana networks, as the provider shows them. */
export interface ProviderChains {
  requested(): Network[]
}

function bytes(value: unknown, what: string): Uint8Array {
  if (!v.is(Bytes, value)) throw new PosternError(`${what} must be a Uint8Array`, -32602)
  return value
}

export function createProvider(wallet: Wallet, session: () => ProviderSession | undefined, chains: ProviderChains): SolanaWalletProvider {
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
      return key ? new PublicKeyBytes(key) : undefined
    },
    get requestedChains() {
      return chains.requested()
    },
    get chains() {
      return chains.requested().filter((network) => servesNetwork(wallet.chains, network))
    },
    getActiveChain() {
      const network = session()?.network
      return (network && chains.requested().find((n) => n.caipNetworkId === network.caipNetworkId)) ?? chains.requested()[0]
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
    async signAllTransactions<T extends AnyTransaction>(transactions: readonly T[]): Promise<T[]> {
      const inputs = transactions.map(toWire)
      if (inputs.length === 0) return []
      const { account, network } = live()
      const chain = walletChainFor(network)
      const feature = requireFeature<SignTransactionFeature>(wallet, 'solana:signTransaction')
      const outputs = await callWallet(() => feature.signTransaction(...inputs.map((transaction) => ({ account, transaction, chain }))), SignTransactionOutput)
      if (outputs.length !== inputs.length) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
      return outputs.map((o, i) => sameKind(transactions[i]!, new Uint8Array(o.signedTransaction)))
    },
    async sendTransaction(transaction: AnyTransaction, connection: Web3Connection, options?: Record<string, unknown>) {
      if (typeof connection?.sendRawTransaction !== 'function') throw new PosternError('sendTransaction needs a @solana/web3.js Connection', -32602)
      const [signed] = await this.signAllTransactions([toWire(transaction)])
      return connection.sendRawTransaction(signed!, options)
    },
    async signAndSendTransaction(transaction, options) {
      const input = toWire(transaction)
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
