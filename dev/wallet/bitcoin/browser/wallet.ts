// Postern's Bitcoin test wallet for the browser: a Wallet Standard wallet with the features AppKit
// reads (bitcoin:connect, bitcoin:signMessage as BIP-322, bitcoin:signTransaction over PSBTs,
// standard:events, standard:disconnect), backed by the local ledger's demo keys. A scripted person
// approves or refuses each request; every request is logged for the tests.
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { accountFromKeys, REGTEST } from '../../../bitcoin/keys.ts'
import { signBip322 } from '../../../../src/lazy/bitcoin/bip322.ts'

export type Policy = 'approve' | 'reject'
export interface BitcoinTestWalletOptions {
  name: string
  icon: string
  /** Secret keys (hex) of the payment (P2WPKH) and ordinal (P2TR) accounts. */
  keys: { payment: string; ordinal: string }
  chains?: string[]
  /** The addresses' encoding: regtest's (bcrt1…, the default) or mainnet's (bc1…, for a local mainnet ledger). */
  network?: 'regtest' | 'mainnet'
}
export interface LogEntry { method: string; outcome: 'ok' | 'rejected' | 'error'; params?: unknown }

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

export function createBitcoinTestWallet(o: BitcoinTestWalletOptions) {
  const network = o.network === 'mainnet' ? btc.NETWORK : REGTEST
  const keys = accountFromKeys(o.keys.payment, o.keys.ordinal, network)
  const chains = (o.chains ?? ['bitcoin:regtest']) as IdentifierString[]
  const features: IdentifierString[] = ['bitcoin:signMessage', 'bitcoin:signTransaction']
  const accounts = [
    Object.freeze({ address: keys.payment.address, publicKey: hexToBytes(keys.payment.publicKey), chains, features, purpose: 'payment', label: `${o.name} payment` }),
    Object.freeze({ address: keys.ordinal.address, publicKey: hexToBytes(keys.ordinal.publicKey), chains, features, purpose: 'ordinal', label: `${o.name} ordinal` }),
  ] as WalletAccount[]
  const secretOf = (address: string) => hexToBytes(address === keys.payment.address ? keys.payment.secretKey : address === keys.ordinal.address ? keys.ordinal.secretKey : '')
  const storageKey = `postern-bitcoin-test-wallet:${o.name}`
  let authorized = localStorage.getItem(storageKey) === '1'
  let policy: Policy = 'approve'
  const log: LogEntry[] = []
  const listeners = new Set<Listener>()
  const emit = () => listeners.forEach((l) => l({ accounts: authorized ? accounts : [] }))

  async function run<T>(method: string, params: unknown, work: () => T | Promise<T>): Promise<T> {
    const entry: LogEntry = { method, outcome: 'ok', params }
    log.push(entry)
    if (policy === 'reject') {
      entry.outcome = 'rejected'
      throw rejected()
    }
    try {
      return await work()
    } catch (error) {
      entry.outcome = 'error'
      throw error
    }
  }
  const own = (account: WalletAccount) => {
    if (!authorized || !accounts.some((a) => a.address === account?.address)) throw Object.assign(new Error('Account not authorized'), { code: 4100 })
    return account.address
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: o.name,
    icon: o.icon as WalletIcon,
    chains,
    get accounts() {
      return authorized ? accounts : []
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: (input?: { purposes?: string[] }) =>
          run('bitcoin:connect', input ?? null, () => {
            authorized = true
            localStorage.setItem(storageKey, '1')
            emit()
            return { accounts }
          }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: () =>
          run('standard:disconnect', null, () => {
            authorized = false
            localStorage.removeItem(storageKey)
            emit()
          }),
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          run('bitcoin:signMessage', inputs.map((i) => ({ address: i.account?.address, message: new TextDecoder().decode(i.message) })), () =>
            inputs.map(({ account, message }) => {
              const address = own(account)
              const signature = signBip322(message, address, secretOf(address), network)
              return { signedMessage: message, signature: Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)) }
            }),
          ),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: (...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }[]) =>
          run('bitcoin:signTransaction', inputs.map((i) => i.inputsToSign.map((s) => ({ address: s.account?.address, indexes: s.signingIndexes }))), () =>
            inputs.map(({ psbt, inputsToSign }) => {
              const tx = btc.Transaction.fromPSBT(psbt)
              for (const { account, signingIndexes } of inputsToSign) {
                const secret = secretOf(own(account))
                for (const index of signingIndexes) tx.signIdx(secret, index)
              }
              return { signedPsbt: tx.toPSBT() }
            }),
          ),
      },
    },
  }
  const handle = {
    get requests() {
      return log.map((e) => ({ ...e }))
    },
    setPolicy(next: Policy) {
      policy = next
    },
    /** The wallet forgets the site on its own (its user revoked it): apps hear standard:events with no accounts. */
    revoke() {
      authorized = false
      localStorage.removeItem(storageKey)
      emit()
    },
    addresses: { payment: keys.payment.address, ordinal: keys.ordinal.address },
  }
  return { wallet, handle }
}
