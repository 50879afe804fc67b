// A sats-connect wallet for tests (the kind AppKit reaches through the sats-connect library: Xverse,
// Leather, ...): it announces itself in window.btc_providers and answers sats-connect's JSON-RPC
// (getAddresses, signMessage as BIP-322 or, asked for ECDSA, BIP-137, sendTransfer through the Esplora API, signPsbt,
// wallet_disconnect) with the regtest demo keys. Errors are JSON-RPC error responses, as the
// real ones reject with.
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import { accountFromKeys, ENCODINGS, type BitcoinNetName } from '../../../bitcoin/keys.ts'
import { payFrom } from './pay.ts'
import { signBip322 } from '../../../../src/lazy/bitcoin/bip322.ts'
import { signBip137 } from '../../../../src/lazy/bitcoin/bip137.ts'

export interface SatsTestWalletOptions {
  /** The window path of the provider, e.g. 'PosternSatsProvider'. */
  id: string
  name: string
  icon: string
  keys: { payment: string; ordinal: string }
  esploraUrl: string
}

const fail = (code: number, message: string) => Promise.reject({ jsonrpc: '2.0', id: null, error: { code, message } })
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** sats-connect's network names (wallet_changeNetwork) and the addresses each writes. */
const NETWORKS: Record<string, BitcoinNetName> = { Mainnet: 'mainnet', Testnet: 'testnet', Signet: 'testnet', Regtest: 'regtest' }

export function installSatsTestWallet(o: SatsTestWalletOptions, win: Record<string, unknown> = globalThis as never) {
  // It starts on Regtest (the stack's ledger); wallet_changeNetwork moves its addresses to another network's encoding.
  // The network is the wallet's own state, kept in the page's session storage: it survives a reload, as an extension's does.
  const networkKey = `postern-bitcoin-sats-test-wallet:${o.id}:network`
  const stored = globalThis.sessionStorage?.getItem(networkKey)
  let networkName = stored && NETWORKS[stored] ? stored : 'Regtest'
  let encoding = ENCODINGS[NETWORKS[networkName]!]
  let keys = accountFromKeys(o.keys.payment, o.keys.ordinal, encoding)
  const secretOf = (address: string) => [keys.payment, keys.ordinal].find((a) => a.address === address)?.secretKey
  const log: string[] = []
  let approve = true
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  const moveTo = (name: string) => {
    networkName = name
    globalThis.sessionStorage?.setItem(networkKey, name)
    encoding = ENCODINGS[NETWORKS[name]!]
    keys = accountFromKeys(o.keys.payment, o.keys.ordinal, encoding)
  }
  async function answer(method: string, params: any): Promise<unknown> {
    if (method === 'getAddresses') {
      return { addresses: [{ address: keys.ordinal.address, publicKey: keys.ordinal.publicKey, purpose: 'ordinals', addressType: 'p2tr' }, { address: keys.payment.address, publicKey: keys.payment.publicKey, purpose: 'payment', addressType: 'p2wpkh' }] }
    }
    if (method === 'signMessage') {
      const secret = secretOf(params?.address)
      if (!secret) return fail(-32602, 'Unknown address')
      // sats-connect's protocol: ECDSA is BIP-137 (the payment key only), BIP322 the default.
      if (params.protocol === 'ECDSA') {
        if (params.address !== keys.payment.address) return fail(-32602, 'ECDSA signing needs the payment address')
        return { signature: signBip137(String(params.message), hexToBytes(secret), 'p2wpkh'), address: params.address, messageHash: '', protocol: 'ECDSA' }
      }
      return { signature: signBip322(String(params.message), params.address, hexToBytes(secret), encoding), address: params.address, messageHash: '', protocol: 'BIP322' }
    }
    if (method === 'signPsbt') {
      const tx = btc.Transaction.fromPSBT(unb64(params.psbt))
      for (const [address, indexes] of Object.entries(params.signInputs as Record<string, number[]>)) {
        const secret = secretOf(address)
        if (!secret) return fail(-32602, 'Unknown address')
        for (const i of indexes) tx.signIdx(hexToBytes(secret), i)
      }
      return { psbt: b64(tx.toPSBT()) }
    }
    if (method === 'sendTransfer') {
      const [recipient] = params.recipients as { address: string; amount: number }[]
      return payFrom(o.esploraUrl, keys.payment, recipient!.address, BigInt(recipient!.amount), encoding).then(
        (txid) => ({ txid }),
        (error: Error) => fail(-32603, error.message),
      )
    }
    if (method === 'wallet_changeNetwork') {
      if (!NETWORKS[String(params?.name)]) return fail(-32602, `Unknown network ${params?.name}`)
      moveTo(String(params.name))
      // As Xverse: the switch is told as a networkChange too.
      emit('networkChange', { type: 'networkChange', bitcoin: { name: networkName }, stacks: { name: networkName } })
      return null
    }
    if (method === 'wallet_getNetwork') return { bitcoin: { name: networkName }, stacks: { name: networkName } }
    if (method === 'wallet_disconnect') return null
    return fail(-32601, `Method not found: ${method}`)
  }
  const provider = {
    async request(method: string, params: unknown) {
      log.push(method)
      if (!approve) return fail(-32000, 'User rejected the request.')
      return { jsonrpc: '2.0', id: log.length, result: await answer(method, params) }
    },
    /** sats-connect's events (accountChange, networkChange, disconnect): returns how to stop listening. */
    addListener(event: string, listener: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return () => void listeners.get(event)?.delete(listener)
    },
  }
  const emit = (event: string, data: unknown) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(data))
  win[o.id] = provider
  const announced = (win.btc_providers as unknown[] | undefined) ?? []
  win.btc_providers = [...announced, { id: o.id, name: o.name, icon: o.icon, webUrl: 'https://postern.invalid' }]
  return {
    log,
    setApprove: (next: boolean) => void (approve = next),
    get network() {
      return networkName
    },
    /** The visitor switches network inside the wallet: it moves there and says so (networkChange). */
    switchFromWallet(name: 'Mainnet' | 'Testnet' | 'Signet' | 'Regtest') {
      moveTo(name)
      emit('networkChange', { type: 'networkChange', bitcoin: { name }, stacks: { name } })
    },
    /** A test's own event, as a broken wallet might send it. */
    emit,
    /** The addresses on the network the wallet is on. */
    get addresses() {
      return { payment: keys.payment.address, ordinal: keys.ordinal.address }
    },
  }
}
