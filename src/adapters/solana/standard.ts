import * as v from 'valibot'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { Network } from '../../types'
import { isSolanaAddress } from '../../utils/address'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'
import { isSolanaChain, servesNetwork } from './chains'

// The Wallet Standard features Postern calls, as much of each as it uses (the shapes of
// @solana/wallet-standard-features). Every answer is checked before it is believed.

export type ChangeListener = (properties: { accounts?: readonly WalletAccount[]; chains?: readonly IdentifierString[]; features?: unknown }) => void
export interface ConnectFeature { connect(input?: { silent?: boolean }): Promise<unknown> }
export interface DisconnectFeature { disconnect(): Promise<unknown> }
export interface EventsFeature { on(event: 'change', listener: ChangeListener): () => void }
export interface SignMessageFeature { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<unknown> }
export interface SignTransactionFeature { signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: IdentifierString }[]): Promise<unknown> }
export interface SignAndSendFeature {
  signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain: IdentifierString; options?: SolanaSendOptions }[]): Promise<unknown>
}

/** What a site may pass with signAndSendTransaction (SPEC section 5). */
export const SendOptions = v.optional(
  v.object({
    skipPreflight: v.optional(v.boolean()),
    preflightCommitment: v.optional(v.picklist(['processed', 'confirmed', 'finalized'])),
    commitment: v.optional(v.picklist(['processed', 'confirmed', 'finalized'])),
    maxRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    minContextSlot: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
)
export type SolanaSendOptions = NonNullable<v.InferOutput<typeof SendOptions>>

/** Bytes from the wallet: any Uint8Array, also one made in another realm (an extension's frame). */
export const Bytes = v.custom<Uint8Array>((b) => ArrayBuffer.isView(b) && Object.prototype.toString.call(b) === '[object Uint8Array]', 'expected bytes')

const Account = v.looseObject({
  address: v.pipe(v.string(), v.check(isSolanaAddress, 'not a Solana address')),
  publicKey: v.custom<Uint8Array>((b) => ArrayBuffer.isView(b), 'expected a public key'),
  chains: v.array(v.string()),
  features: v.array(v.string()),
})
export const ConnectOutput = v.looseObject({ accounts: v.array(v.unknown()) })
export const SignMessageOutput = v.pipe(v.array(v.looseObject({ signature: Bytes, signedMessage: v.optional(Bytes) })), v.minLength(1))
export const SignTransactionOutput = v.pipe(v.array(v.looseObject({ signedTransaction: Bytes })), v.minLength(1))
export const SignAndSendOutput = v.pipe(v.array(v.looseObject({ signature: Bytes })), v.minLength(1))

const StandardWallet = v.looseObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1)),
  icon: v.string(),
  chains: v.array(v.string()),
  accounts: v.array(v.unknown()),
  features: v.looseObject({ 'standard:connect': v.looseObject({ connect: v.function() }) }),
})

/** A wallet Postern lists: it can connect (standard:connect) and serves at least one Solana chain. */
export function isSolanaWallet(wallet: unknown): wallet is Wallet {
  try {
    return v.is(StandardWallet, wallet) && wallet.chains.some(isSolanaChain)
  } catch {
    return false // a wallet whose getters throw is not one to offer
  }
}

export function feature<T>(wallet: Wallet, name: `${string}:${string}`): T | undefined {
  const found = (wallet.features as Record<string, unknown>)[name]
  return found && typeof found === 'object' ? (found as T) : undefined
}

/** The wallet's feature, or the EIP-1193 'unsupported method' error (4200). */
export function requireFeature<T>(wallet: Wallet, name: `${string}:${string}`): T {
  const found = feature<T>(wallet, name)
  if (!found) throw new PosternError(`${wallet.name} does not support ${name}`, 4200)
  return found
}

/** The wallet's accounts that are well formed and not for another chain family, as the wallet's own objects. */
export function solanaAccounts(accounts: readonly unknown[]): WalletAccount[] {
  return accounts.filter(
    (a): a is WalletAccount => v.is(Account, a) && (a.chains.length === 0 || a.chains.some(isSolanaChain)),
  )
}

/** The first account serving the network, else the first account. */
export function pickAccount(accounts: readonly WalletAccount[], network: Network): WalletAccount {
  return accounts.find((a) => servesNetwork(a.chains, network)) ?? accounts[0]!
}

/**
 * Calls a wallet feature and checks its answer. A refusal becomes a 4001 PosternError; other
 * errors keep their code; an answer of the wrong shape is an error, never passed on.
 */
export async function callWallet<S extends v.GenericSchema>(work: () => Promise<unknown>, schema: S, invalid = 'The wallet returned an invalid response'): Promise<v.InferOutput<S>> {
  let answer: unknown
  try {
    answer = await work()
  } catch (error) {
    if (isUserRejected(error)) throw new PosternError('User rejected the request.', USER_REJECTED, { cause: error })
    if (error instanceof PosternError) throw error
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
    throw new PosternError(typeof message === 'string' && message ? message : 'The wallet request failed', typeof code === 'number' || typeof code === 'string' ? code : 'WALLET_ERROR', { cause: error })
  }
  const parsed = v.safeParse(schema, answer)
  if (!parsed.success) throw new PosternError(invalid, 'INVALID_WALLET_RESPONSE')
  return parsed.output
}

/** Gives up waiting after ms, resolving undefined (for wallets that never answer). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))])
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Bitcoin alphabet), as Solana writes signatures and addresses. */
export function toBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! * 256
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let out = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    out += '1'
  }
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!]
  return out
}
