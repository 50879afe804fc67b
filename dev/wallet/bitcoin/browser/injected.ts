// Test wallets with OKX's and Unisat's own injected Bitcoin APIs (window.okxwallet.bitcoin and
// window.unisat, as their extensions inject them): requestAccounts/connect, getAccounts,
// getPublicKey, signMessage (ECDSA as BIP-137 by default, or 'bip322-simple'), signPsbt and pushPsbt
// over hex PSBTs, OKX's send (BTC) and Unisat's sendBitcoin (satoshis), switchChain, and their
// account events. Backed by one regtest demo key (a P2WPKH payment address); the site's trust
// is kept in localStorage as an extension keeps it. Refusals reject with the 4001 error.
import * as btc from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { accountFromKeys, REGTEST } from '../../../bitcoin/keys.ts'
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
}

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
const unauthorized = () => Object.assign(new Error('The site is not connected'), { code: 4100 })
const UNISAT_NETWORKS: Record<string, string> = { BITCOIN_MAINNET: 'livenet', BITCOIN_TESTNET: 'testnet', BITCOIN_SIGNET: 'testnet' }

export function installInjectedTestWallet(o: InjectedTestWalletOptions, win: Record<string, unknown> = globalThis as never) {
  const { payment } = accountFromKeys(o.keys.payment, o.keys.ordinal, REGTEST)
  const secret = hexToBytes(payment.secretKey)
  const storageKey = `postern-bitcoin-injected-test-wallet:${o.kind}`
  let authorized = localStorage.getItem(storageKey) === '1'
  let approve = true
  let chain = 'BITCOIN_MAINNET'
  const log: string[] = []
  const listeners = new Map<string, Set<(data?: unknown) => void>>()
  const emit = (event: string, data?: unknown) => listeners.get(event)?.forEach((l) => l(data))

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
  const signPsbt = (hex: string, options?: { autoFinalized?: boolean; toSignInputs?: { index: number; address?: string; publicKey?: string }[] }) => {
    own()
    const tx = btc.Transaction.fromPSBT(hexToBytes(hex))
    const indexes = options?.toSignInputs?.map((input) => {
      if ((input.address && input.address !== payment.address) || (input.publicKey && input.publicKey !== payment.publicKey)) throw Object.assign(new Error('Input is not the wallet\'s'), { code: -32602 })
      return input.index
    })
    if (indexes) for (const i of indexes) tx.signIdx(secret, i)
    else tx.sign(secret)
    if (options?.autoFinalized !== false) tx.finalize()
    return bytesToHex(tx.toPSBT())
  }
  const api: Record<string, unknown> = {
    getAccounts: () => run('getAccounts', false, () => (authorized ? [payment.address] : [])),
    getPublicKey: () => run('getPublicKey', false, () => (own(), payment.publicKey)),
    signMessage: (text: string, type: 'ecdsa' | 'bip322-simple' = 'ecdsa') =>
      run('signMessage', true, () => {
        own()
        if (type === 'bip322-simple') return signBip322(text, payment.address, secret, REGTEST)
        if (type !== 'ecdsa') throw Object.assign(new Error(`Unknown signing type ${type}`), { code: -32602 })
        return signBip137(text, secret, 'p2wpkh')
      }),
    signPsbt: (hex: string, options?: Parameters<typeof signPsbt>[1]) => run('signPsbt', true, () => signPsbt(hex, options)),
    pushPsbt: (hex: string) =>
      run('pushPsbt', true, () => {
        own()
        const tx = btc.Transaction.fromPSBT(hexToBytes(hex))
        if (!tx.isFinal) tx.finalize()
        return broadcast(o.esploraUrl, tx.hex)
      }),
    on: (event: string, listener: (data?: unknown) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener: (event: string, listener: (data?: unknown) => void) => listeners.get(event)?.delete(listener),
    removeAllListeners: () => listeners.clear(),
  }
  if (o.kind === 'okx') {
    Object.assign(api, {
      connect: () => run('connect', true, () => (authorize(), { address: payment.address, publicKey: payment.publicKey, compressedPublicKey: payment.publicKey })),
      disconnect: () => run('disconnect', false, () => void ((authorized = false), localStorage.removeItem(storageKey))),
      // OKX's send: value in BTC.
      send: ({ from, to, value }: { from: string; to: string; value: string }) =>
        run('send', true, async () => {
          own()
          if (from !== payment.address) throw Object.assign(new Error('from is not the wallet\'s address'), { code: -32602 })
          const [whole = '0', fraction = ''] = String(value).split('.')
          if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(fraction)) throw Object.assign(new Error(`value ${value} is not an amount of BTC`), { code: -32602 })
          return { txhash: await payFrom(o.esploraUrl, payment, to, BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'))) }
        }),
    })
    win.okxwallet = { bitcoin: api, cardano: { icon: o.icon } }
  } else {
    Object.assign(api, {
      requestAccounts: () => run('requestAccounts', !authorized, () => (authorize(), [payment.address])),
      // Unisat's sendBitcoin: satoshis.
      sendBitcoin: (to: string, satoshis: number) =>
        run('sendBitcoin', true, () => {
          own()
          if (!Number.isSafeInteger(satoshis) || satoshis <= 0) throw Object.assign(new Error(`${satoshis} is not a number of satoshis`), { code: -32602 })
          return payFrom(o.esploraUrl, payment, to, BigInt(satoshis))
        }),
      switchChain: (next: string) =>
        run('switchChain', true, () => {
          if (!UNISAT_NETWORKS[next]) throw Object.assign(new Error(`Unknown chain ${next}`), { code: -32602 })
          chain = next
          return { enum: next, name: next, network: UNISAT_NETWORKS[next] }
        }),
    })
    win.unisat = api
  }
  return {
    log,
    setApprove: (next: boolean) => void (approve = next),
    get chain() {
      return chain
    },
    address: payment.address,
    /** The person forgets the site in the wallet: OKX says 'disconnect', Unisat lists no accounts. */
    revoke() {
      authorized = false
      localStorage.removeItem(storageKey)
      if (o.kind === 'okx') emit('disconnect')
      else emit('accountsChanged', [])
    },
  }
}
