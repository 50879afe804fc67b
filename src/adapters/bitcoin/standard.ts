import * as v from 'valibot'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { Bytes } from '../solana/standard'
import { isBitcoinChain } from '../../utils/bitcoin-chains'

// The Wallet Standard features of Bitcoin wallets as AppKit 1.8 reads them (the shapes of
// @exodus/bitcoin-wallet-standard: bitcoin:connect, bitcoin:signMessage, bitcoin:signTransaction).

export type AccountPurpose = 'payment' | 'ordinal'
export interface BitcoinWalletAccount extends WalletAccount {
  readonly purpose?: AccountPurpose | 'ordinals'
}
export interface BitcoinConnectFeature { connect(input?: { purposes?: string[] }): Promise<unknown> }
export interface BitcoinSignMessageFeature { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<unknown> }
export interface BitcoinSignTransactionFeature {
  signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: string }[]; chain?: string }[]): Promise<unknown>
}
export interface BitcoinSwitchNetworkFeature { switchNetwork(caipNetworkId: string): Promise<unknown> }

export const BitcoinAccount = v.looseObject({
  address: v.pipe(v.string(), v.minLength(14), v.maxLength(100), v.regex(/^[a-zA-Z0-9]+$/)),
  publicKey: Bytes,
  chains: v.array(v.string()),
  features: v.array(v.string()),
  purpose: v.optional(v.string()),
})
export const ConnectOutput = v.looseObject({ accounts: v.array(v.unknown()) })
export const SignMessageOutput = v.pipe(v.array(v.looseObject({ signature: Bytes, signedMessage: v.optional(Bytes) })), v.minLength(1))
export const SignTransactionOutput = v.pipe(v.array(v.looseObject({ signedPsbt: Bytes })), v.minLength(1))

const StandardWallet = v.looseObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1)),
  icon: v.string(),
  chains: v.array(v.string()),
  accounts: v.array(v.unknown()),
  features: v.looseObject({ 'bitcoin:connect': v.looseObject({ connect: v.function() }) }),
})

/** A wallet Postern lists for Bitcoin: it has bitcoin:connect (AppKit's test), and no chain of it is another family's only. */
export function isBitcoinWallet(wallet: unknown): wallet is Wallet {
  try {
    return v.is(StandardWallet, wallet) && (wallet.chains.length === 0 || wallet.chains.some(isBitcoinChain))
  } catch {
    return false // a wallet whose getters throw is not one to offer
  }
}

/** The purpose an account serves: ordinal (also the 'ordinals' spelling some wallets use), else payment. */
export const purposeOf = (account: WalletAccount): AccountPurpose => (/^ordinals?$/.test(String((account as BitcoinWalletAccount).purpose)) ? 'ordinal' : 'payment')

/** Well-formed Bitcoin accounts, one per address, payment accounts first (SPEC: bip122 defaults to payment). */
export function bitcoinAccounts(accounts: readonly unknown[]): BitcoinWalletAccount[] {
  const seen = new Set<string>()
  const list = accounts.filter((a): a is BitcoinWalletAccount => {
    if (!v.is(BitcoinAccount, a) || seen.has(a.address) || !(a.chains.length === 0 || a.chains.some(isBitcoinChain))) return false
    seen.add(a.address)
    return true
  })
  return [...list.filter((a) => purposeOf(a) === 'payment'), ...list.filter((a) => purposeOf(a) === 'ordinal')]
}

export const toHex = (bytes: Readonly<Uint8Array> | ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
export function toBase64(bytes: ArrayLike<number> & Iterable<number>): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}
export function fromBase64(text: string): Uint8Array {
  const raw = atob(text)
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}
