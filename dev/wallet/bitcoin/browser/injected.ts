// Test wallets with OKX's and Unisat's own injected Bitcoin APIs (window.okxwallet.bitcoin and
// window.unisat, as their extensions inject them): requestAccounts/connect, getAccounts,
// getPublicKey, signMessage (ECDSA as BIP-137 by default, or 'bip322-simple'), signPsbt and pushPsbt
// over hex PSBTs, OKX's send (BTC) and Unisat's sendBitcoin (satoshis), Unisat's switchChain,
// getChain and getNetwork with its chainChanged/networkChanged events, and their account events. Backed by one demo key (a P2WPKH payment address) written in the encoding of the
// network it is on: OKX has a provider per network (okxwallet.bitcoin, and okxwallet.bitcoinTestnet
// with tb1… addresses), Unisat moves its address with switchChain. The site's trust is kept in
// localStorage as an extension keeps it. Refusals reject with the 4001 error.
import * as btc from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { accountFromKeys, ENCODINGS, type BitcoinNetName } from '../../../bitcoin/keys.ts'
import { signBip322 } from '../../../../src/lazy/bitcoin/bip322.ts'
import { signBip137 } from '../../../../src/lazy/bitcoin/bip137.ts'
import { broadcast, payFrom } from './pay.ts'

export type InjectedKind = 'okx' | 'unisat'
export interface InjectedTestWalletOptions {
  kind: InjectedKind
  /** Secret keys (hex) of a demo account: the payment one is the wallet's address. */
  keys: { payment: string; ordinal: string }
  esploraUrl: string
  icon: string
  /** The encoding it starts on (okxwallet.bitcoin's): regtest's (the default: the stack's ledger stands in for mainnet) or mainnet's. */
  network?: BitcoinNetName
  /** The Esplora API of each other network it pays on (testnet's for okxwallet.bitcoinTestnet and Unisat's testnet). */
  esploraUrls?: Partial<Record<BitcoinNetName, string>>
}

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
const unauthorized = () => Object.assign(new Error('The site is not connected'), { code: 4100 })
const UNISAT_NETWORKS: Record<string, string> = { BITCOIN_MAINNET: 'livenet', BITCOIN_TESTNET: 'testnet', BITCOIN_SIGNET: 'testnet' }
type Emit = (event: string, data?: unknown) => void

export function installInjectedTestWallet(o: InjectedTestWalletOptions, win: Record<string, unknown> = globalThis as never) {
  const secret = hexToBytes(o.keys.payment)
  const home: BitcoinNetName = o.network ?? 'regtest'
  const storageKey = `postern-bitcoin-injected-test-wallet:${o.kind}`
  let authorized = localStorage.getItem(storageKey) === '1'
  let approve = true
  // Unisat's chain is the extension's own state: it survives a reload of the site.
  const chainKey = `${storageKey}:chain`
  const encodingOf = (next: string): BitcoinNetName => (next === 'BITCOIN_MAINNET' ? (home === 'testnet' ? 'mainnet' : home) : 'testnet')
  let chain = localStorage.getItem(chainKey) ?? (home === 'testnet' ? 'BITCOIN_TESTNET' : 'BITCOIN_MAINNET')
  let unisatOn = encodingOf(chain)
  const log: string[] = []
  let moveUnisat = (_next: string): unknown => undefined
  let moveOkx = (_key: string) => {}
  let unisatEmit: Emit = () => {}
  const chainInfo = () => ({ enum: chain, name: chain, network: UNISAT_NETWORKS[chain] })
  const emitters: Emit[] = []
  const paymentOn = (encoding: BitcoinNetName) => accountFromKeys(o.keys.payment, o.keys.ordinal, ENCODINGS[encoding]).payment
  const esplora = (encoding: BitcoinNetName) => (encoding === home ? o.esploraUrl : o.esploraUrls?.[encoding] ?? o.esploraUrl)

  /** Every call logged; a prompt refused when the person says no; the site's trust checked where it is needed. */
  async function run<T>(method: string, prompts: boolean, work: () => T | Promise<T>): Promise<T> {
    log.push(method)
    if (prompts && !approve) throw rejected()
    return work()
  }
  const authorize = () => {
    authorized = true
    localStorage.setItem(storageKey, '1')
  }
  const own = () => {
    if (!authorized) throw unauthorized()
  }

  /** The calls both APIs share, over the key in the encoding `on()` gives. */
  function baseApi(on: () => BitcoinNetName): { api: Record<string, unknown>; emit: Emit } {
    const payment = () => paymentOn(on())
    const listeners = new Map<string, Set<(data?: unknown) => void>>()
    const emit: Emit = (event, data) => listeners.get(event)?.forEach((l) => l(data))
    emitters.push(emit)
    const signPsbt = (hex: string, options?: { autoFinalized?: boolean; toSignInputs?: { index: number; address?: string; publicKey?: string }[] }) => {
      own()
      const tx = btc.Transaction.fromPSBT(hexToBytes(hex))
      const indexes = options?.toSignInputs?.map((input) => {
        if ((input.address && input.address !== payment().address) || (input.publicKey && input.publicKey !== payment().publicKey)) throw Object.assign(new Error('Input is not the wallet\'s'), { code: -32602 })
        return input.index
      })
      if (indexes) for (const i of indexes) tx.signIdx(secret, i)
      else tx.sign(secret)
      if (options?.autoFinalized !== false) tx.finalize()
      return bytesToHex(tx.toPSBT())
    }
    const api: Record<string, unknown> = {
      getAccounts: () => run('getAccounts', false, () => (authorized ? [payment().address] : [])),
      getPublicKey: () => run('getPublicKey', false, () => (own(), payment().publicKey)),
      signMessage: (text: string, type: 'ecdsa' | 'bip322-simple' = 'ecdsa') =>
        run('signMessage', true, () => {
          own()
          if (type === 'bip322-simple') return signBip322(text, payment().address, secret, ENCODINGS[on()])
          if (type !== 'ecdsa') throw Object.assign(new Error(`Unknown signing type ${type}`), { code: -32602 })
          return signBip137(text, secret, 'p2wpkh')
        }),
      signPsbt: (hex: string, options?: Parameters<typeof signPsbt>[1]) => run('signPsbt', true, () => signPsbt(hex, options)),
      pushPsbt: (hex: string) =>
        run('pushPsbt', true, () => {
          own()
          const tx = btc.Transaction.fromPSBT(hexToBytes(hex))
          if (!tx.isFinal) tx.finalize()
          return broadcast(esplora(on()), tx.hex)
        }),
      on: (event: string, listener: (data?: unknown) => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
      },
      removeListener: (event: string, listener: (data?: unknown) => void) => listeners.get(event)?.delete(listener),
      removeAllListeners: () => listeners.clear(),
    }
    return { api, emit }
  }

  /** OKX's provider for one network (okxwallet.bitcoin, okxwallet.bitcoinTestnet). */
  const okxEmitters: Record<string, Emit> = {}
  function okxApi(key: string, on: BitcoinNetName) {
    const { api, emit } = baseApi(() => on)
    okxEmitters[key] = emit
    const payment = paymentOn(on)
    return Object.assign(api, {
      connect: () => run('connect', true, () => (authorize(), { address: payment.address, publicKey: payment.publicKey, compressedPublicKey: payment.publicKey })),
      disconnect: () => run('disconnect', false, () => void ((authorized = false), localStorage.removeItem(storageKey))),
      // OKX's send: value in BTC.
      send: ({ from, to, value }: { from: string; to: string; value: string }) =>
        run('send', true, async () => {
          own()
          if (from !== payment.address) throw Object.assign(new Error('from is not the wallet\'s address'), { code: -32602 })
          const [whole = '0', fraction = ''] = String(value).split('.')
          if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(fraction)) throw Object.assign(new Error(`value ${value} is not an amount of BTC`), { code: -32602 })
          return { txhash: await payFrom(esplora(on), payment, to, BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0')), ENCODINGS[on]) }
        }),
    })
  }

  if (o.kind === 'okx') {
    win.okxwallet = { bitcoin: okxApi('bitcoin', home), bitcoinTestnet: okxApi('bitcoinTestnet', 'testnet'), cardano: { icon: o.icon } }
    // As OKX: the visitor moving to a network in the wallet is that network's provider telling of its account.
    moveOkx = (key: string) => {
      const encoding = key === 'bitcoinTestnet' ? 'testnet' : home
      okxEmitters[key]?.('accountChanged', { address: paymentOn(encoding).address, publicKey: paymentOn(encoding).publicKey, compressedPublicKey: paymentOn(encoding).publicKey })
    }
  } else {
    const { api, emit } = baseApi(() => unisatOn)
    Object.assign(api, {
      requestAccounts: () => run('requestAccounts', !authorized, () => (authorize(), [paymentOn(unisatOn).address])),
      // Unisat's sendBitcoin: satoshis.
      sendBitcoin: (to: string, satoshis: number) =>
        run('sendBitcoin', true, () => {
          own()
          if (!Number.isSafeInteger(satoshis) || satoshis <= 0) throw Object.assign(new Error(`${satoshis} is not a number of satoshis`), { code: -32602 })
          return payFrom(esplora(unisatOn), paymentOn(unisatOn), to, BigInt(satoshis), ENCODINGS[unisatOn])
        }),
      // Testnet and signet write tb1… addresses; mainnet is the wallet's home encoding (regtest's stands in for it), or mainnet's.
      switchChain: (next: string) => run('switchChain', true, () => moveUnisat(next)),
      getChain: () => run('getChain', false, () => chainInfo()),
      getNetwork: () => run('getNetwork', false, () => UNISAT_NETWORKS[chain]),
    })
    win.unisat = api
    // As Unisat: the new chain (chainChanged), its network name (networkChanged), then the address there.
    moveUnisat = (next: string) => {
      if (!UNISAT_NETWORKS[next]) throw Object.assign(new Error(`Unknown chain ${next}`), { code: -32602 })
      const before = paymentOn(unisatOn).address
      chain = next
      unisatOn = encodingOf(next)
      localStorage.setItem(chainKey, next)
      emit('chainChanged', chainInfo())
      emit('networkChanged', UNISAT_NETWORKS[next])
      if (authorized && paymentOn(unisatOn).address !== before) emit('accountsChanged', [paymentOn(unisatOn).address])
      return chainInfo()
    }
    unisatEmit = emit
  }
  return {
    log,
    setApprove: (next: boolean) => void (approve = next),
    get chain() {
      return chain
    },
    /** The address on the wallet's home network. */
    address: paymentOn(home).address,
    /** The address in an encoding (testnet's: okxwallet.bitcoinTestnet's, or Unisat's on testnet). */
    addressOn: (encoding: BitcoinNetName) => paymentOn(encoding).address,
    /** The visitor switches Unisat's chain inside the wallet (BITCOIN_SIGNET, ...). */
    /** The visitor switches inside the wallet: Unisat's chain (BITCOIN_SIGNET, ...), or OKX's provider key (bitcoin, bitcoinTestnet). */
    switchFromWallet: (next: string) => void (o.kind === 'okx' ? moveOkx(next) : moveUnisat(next)),
    /** A raw event (on OKX: of okxwallet.bitcoinTestnet), as a faulty wallet could send it. */
    emit: (event: string, data?: unknown) => (o.kind === 'okx' ? okxEmitters.bitcoinTestnet!(event, data) : unisatEmit(event, data)),
    /** The person forgets the site in the wallet: OKX says 'disconnect', Unisat lists no accounts. */
    revoke() {
      authorized = false
      localStorage.removeItem(storageKey)
      for (const emit of emitters) emit(o.kind === 'okx' ? 'disconnect' : 'accountsChanged', o.kind === 'okx' ? undefined : [])
    },
  }
}
