// Postern's Bitcoin test wallet for the browser: a Wallet Standard wallet with the features AppKit
// reads (bitcoin:connect, bitcoin:signMessage as BIP-322, bitcoin:signTransaction over PSBTs,
// bitcoin:switchNetwork, standard:events, standard:disconnect), backed by the local ledgers' demo
// keys. Its accounts are written in the encoding of the chain it is on (bc1… on mainnet, tb1… on
// testnet and signet, bcrt1… on regtest) and change with bitcoin:switchNetwork, as Xverse's do. A
// scripted person approves or refuses each request; every request is logged for the tests.
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { accountFromKeys, ENCODINGS, encodingOfChain, type BitcoinNetName } from '../../../bitcoin/keys.ts'
import { signBip322 } from '../../../../src/lazy/bitcoin/bip322.ts'

export type Policy = 'approve' | 'reject'
export interface BitcoinTestWalletOptions {
  name: string
  icon: string
  /** Secret keys (hex) of the payment (P2WPKH) and ordinal (P2TR) accounts. */
  keys: { payment: string; ordinal: string }
  chains?: string[]
  /** The chain it starts on, by its addresses' encoding: regtest's (bcrt1…, the default), testnet's (tb1…) or mainnet's (bc1…). */
  network?: BitcoinNetName
  /** false: a wallet without bitcoin:switchNetwork (its addresses stay on one network). */
  canSwitch?: boolean
}
export interface LogEntry { method: string; outcome: 'ok' | 'rejected' | 'error'; params?: unknown }

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** The CAIP-2 ids of the Bitcoin networks, as the Wallet Standard names them. */
const WALLET_CHAINS: Record<string, string> = {
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  'bip122:00000008819873e925422c1ff0f99f7c': 'bitcoin:signet',
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

export function createBitcoinTestWallet(o: BitcoinTestWalletOptions) {
  const chains = (o.chains ?? ['bitcoin:regtest']) as IdentifierString[]
  const features: IdentifierString[] = ['bitcoin:signMessage', 'bitcoin:signTransaction']
  const storageKey = `postern-bitcoin-test-wallet:${o.name}`
  // The chain it is on, kept across reloads as an extension keeps it.
  const startChain = chains.find((c) => encodingOfChain(c) === (o.network ?? 'regtest')) ?? chains[0]!
  let chain: IdentifierString = (chains.find((c) => c === localStorage.getItem(`${storageKey}:chain`)) ?? startChain) as IdentifierString
  const encoding = (): BitcoinNetName => encodingOfChain(chain) ?? 'regtest'
  let network = ENCODINGS[encoding()]
  let keys = accountFromKeys(o.keys.payment, o.keys.ordinal, network)
  let accounts: WalletAccount[] = []
  /** The accounts in the current chain's encoding, listing the wallet's chains of that encoding. */
  const place = () => {
    network = ENCODINGS[encoding()]
    keys = accountFromKeys(o.keys.payment, o.keys.ordinal, network)
    const on = chains.filter((c) => encodingOfChain(c) === encoding())
    accounts = [
      Object.freeze({ address: keys.payment.address, publicKey: hexToBytes(keys.payment.publicKey), chains: on, features, purpose: 'payment', label: `${o.name} payment` }),
      Object.freeze({ address: keys.ordinal.address, publicKey: hexToBytes(keys.ordinal.publicKey), chains: on, features, purpose: 'ordinal', label: `${o.name} ordinal` }),
    ] as WalletAccount[]
  }
  place()
  const secretOf = (address: string) => hexToBytes(address === keys.payment.address ? keys.payment.secretKey : address === keys.ordinal.address ? keys.ordinal.secretKey : '')
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
      // Xverse's shape of it: the wallet moves to the chain (a CAIP-2 id or bitcoin:<name>) and announces its accounts there.
      ...(o.canSwitch !== false && { 'bitcoin:switchNetwork': {
        version: '1.0.0',
        switchNetwork: (caipNetworkId: string) =>
          run('bitcoin:switchNetwork', caipNetworkId, () => {
            const target = chains.find((c) => c === caipNetworkId || c === WALLET_CHAINS[caipNetworkId])
            if (!target) throw Object.assign(new Error(`The wallet does not serve ${caipNetworkId}`), { code: 4902 })
            moveTo(target)
          }),
      } }),
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
  /** The wallet moves to one of its chains and announces its accounts there (standard:events). */
  function moveTo(target: IdentifierString) {
    chain = target
    localStorage.setItem(`${storageKey}:chain`, chain)
    place()
    emit()
  }
  const handle = {
    /** The visitor switches the wallet's network inside it (one of its chains, e.g. bitcoin:testnet). */
    switchFromWallet(target: string) {
      const next = chains.find((c) => c === target)
      if (!next) throw new Error(`The wallet does not serve ${target}`)
      moveTo(next)
    },
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
    /** The addresses on the chain the wallet is on. */
    get addresses() {
      return { payment: keys.payment.address, ordinal: keys.ordinal.address }
    },
    get chain() {
      return chain
    },
  }
  return { wallet, handle }
}
