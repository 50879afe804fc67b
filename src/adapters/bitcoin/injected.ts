import * as v from 'valibot'
import type { Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { walletChainFor } from '../../utils/bitcoin-chains'
import { at, call, text, type Api } from './injected-api'
import { OKX_KEYS, okxWatchNetwork, UNISAT_CHAINS, unisatCurrent, unisatWatchNetwork } from './injected-networks'
import { directConnector, type DirectAccount, type DirectWallet } from './direct'
import { providerEvents } from './events'
import { Address, Base64, params, SendTransferParams, SignMessageParams, SignPsbtParams, Txid } from './schemas'
import { fromBase64, toBase64, toHex } from './standard'
import { AddressPurpose, MethodNotSupportedError, type BitcoinConnector } from './types'
import { formatSats } from './units'

// The injected Bitcoin APIs AppKit 1.8 reaches besides the Wallet Standard and sats-connect:
// OKX's window.okxwallet.bitcoin (its OKXConnector) and Unisat's API, which Bitget and Binance's
// Web3 wallet copy (its UnisatConnector). Both answer getAccounts, getPublicKey, signMessage
// (ECDSA/BIP-137 or 'bip322-simple'), signPsbt and pushPsbt over hex PSBTs; they differ in how they
// connect, pay, switch networks and tell of account changes. Every answer is checked.

const Accounts = v.array(Address)
const PublicKey = v.pipe(v.string(), v.regex(/^([0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/, 'not a public key'))
const PsbtHex = v.pipe(v.string(), v.regex(/^([0-9a-fA-F]{2})+$/, 'not a hex PSBT'))
const OkxConnected = v.looseObject({ address: Address })
const OkxSent = v.looseObject({ txhash: Txid })

/** How one injected API differs from the others. */
interface Kind {
  id: string
  name: string
  explorerId?: string
  icon(): string | undefined
  /** The API object for a network (OKX has one per network), or undefined when not injected. */
  api(network?: Network): Api | undefined
  /** Asks for the accounts (the wallet prompts when the site is new to it). */
  connect(api: Api | undefined): Promise<unknown>
  send(api: Api | undefined, from: string, to: string, sats: bigint, network: Network): Promise<string>
  /** Follows the network; the API object to use from then on. */
  switchTo(api: Api | undefined, network: Network): Promise<Api | undefined>
  /** The wallet's account-change event, as addresses ([]: the site was forgotten). */
  watch(api: Api, onChange: (addresses: string[]) => void): () => void
  /** The network the wallet is on (its CAIP-2 reference, or its own name for one not known here), when it tells. */
  current?(api: Api | undefined): Promise<string | undefined>
  /** The visitor switching inside the wallet: the new network as `current` gives it. */
  watchNetwork?(api: Api, onNetwork: (chainId: string) => void): () => void
  disconnect(api: Api | undefined): Promise<void>
}

const okxApi = (network?: Network) => (network && at(`okxwallet.${OKX_KEYS[walletChainFor(network)] ?? 'bitcoin'}`)) || at('okxwallet.bitcoin')

const OKX: Kind = {
  id: 'OKX',
  name: 'OKX Wallet',
  explorerId: '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709',
  // As AppKit: OKX gives no Bitcoin icon, its Cardano one stands in.
  icon: () => text('okxwallet.cardano.icon'),
  api: okxApi,
  connect: (api) => call(api, 'connect', [], OkxConnected),
  // OKX's send takes BTC, not satoshis (AppKit's UnitsUtil.parseSatoshis, without its locale grouping).
  send: async (api, from, to, sats, network) => (await call(api, 'send', [{ from, to, value: formatSats(sats, network.nativeCurrency.decimals) }], OkxSent)).txhash,
  async switchTo(_api, network) {
    const next = okxApi(network)
    if (!next) throw new PosternError('OKX Wallet wallet does not support network switching', 'UNSUPPORTED_CHAIN')
    await call(next, 'connect', [], OkxConnected)
    return next
  },
  watchNetwork: (api, onNetwork) => okxWatchNetwork('OKX Wallet', api, onNetwork),
  watch(api, onChange) {
    api.on?.('accountChanged', (account) => v.is(OkxConnected, account) && onChange([account.address]))
    api.on?.('disconnect', () => onChange([]))
    return () => api.removeAllListeners?.()
  },
  disconnect: (api) => call(api, 'disconnect', [], v.unknown()).then(() => undefined),
}

function unisatKind(id: string, name: string, path: string, icon: () => string | undefined): Kind {
  return {
    id,
    name,
    icon,
    api: () => at(path),
    connect: (api) => call(api, 'requestAccounts', [], v.pipe(Accounts, v.minLength(1, 'No account found'))),
    // Unisat's sendBitcoin(to, satoshis): the amount stays in satoshis, as its API documents.
    send: (api, _from, to, sats) => call(api, 'sendBitcoin', [to, Number(sats)], Txid),
    async switchTo(api, network) {
      const chain = UNISAT_CHAINS[walletChainFor(network)]
      if (!chain) throw new PosternError('UnisatConnector: unsupported network', 'UNSUPPORTED_CHAIN')
      await call(api, 'switchChain', [chain], v.unknown())
      return api
    },
    watch(api, onChange) {
      // Unisat gives the account list; AppKit's handler reads an { address } object, so both are taken.
      const listener = (data?: unknown) => {
        if (v.is(Accounts, data)) onChange(data)
        else if (v.is(OkxConnected, data)) onChange([data.address])
      }
      api.on?.('accountsChanged', listener)
      return () => api.removeListener?.('accountsChanged', listener)
    },
    current: unisatCurrent,
    watchNetwork: (api, onNetwork) => unisatWatchNetwork(name, api, onNetwork),
    // Unisat has no disconnect: the site only stops listening (as AppKit).
    disconnect: () => Promise.resolve(),
  }
}

/** AppKit's UNISAT_CONNECTORS: Unisat itself and the wallets that inject its API. */
const KINDS: Kind[] = [
  OKX,
  unisatKind('unisat', 'Unisat Wallet', 'unisat', () => 'https://imagedelivery.net/_aTEfDRm7z3tKgu9JhfeKA/530e8a71-f014-46e5-1302-26d1eff60200/sm'),
  unisatKind('bitget', 'Bitget Wallet', 'bitkeep.unisat', () => text('bitkeep.suiWallet.icon')),
  unisatKind('binancew3w', 'Binance Web3 Wallet', 'binancew3w.bitcoin', () => 'https://imagedelivery.net/_aTEfDRm7z3tKgu9JhfeKA/7c1961a6-9c4c-4632-8710-d02a43df1300/sm'),
]

/** The wallet's accounts as AppKit reads them: every address a payment one, with the active public key. */
async function accountsOf(api: Api | undefined): Promise<DirectAccount[]> {
  const addresses = await call(api, 'getAccounts', [], Accounts)
  if (addresses.length === 0) return []
  const publicKey = await call(api, 'getPublicKey', [], PublicKey)
  return addresses.map((address) => ({ address, publicKey, purpose: AddressPurpose.Payment }))
}

function injectedWallet(kind: Kind, network: Network | undefined): DirectWallet {
  let api = kind.api(network)
  // The session's listeners, bound to the API object in use: OKX's changes with the network (AppKit's bindEvents after a switch).
  let onAccounts: ((addresses: string[]) => void) | undefined
  let onNetwork: ((chainId: string) => void) | undefined
  let stops: (() => void)[] = []
  const bind = () => {
    for (const stop of stops) stop()
    stops = []
    if (api && onAccounts) stops.push(kind.watch(api, onAccounts))
    if (api && onNetwork && kind.watchNetwork) stops.push(kind.watchNetwork(api, onNetwork))
  }
  const use = (next: Api | undefined) => {
    const moved = next !== api
    api = next
    if (moved) bind()
    return api
  }
  const listen = <L>(set: (listener: L | undefined) => void, listener: L) => {
    set(listener)
    bind()
    return () => {
      set(undefined)
      bind()
    }
  }
  const wallet: DirectWallet = {
    connector: directConnector(kind.id, kind.name, kind.icon(), kind.explorerId),
    async connect(next) {
      use(kind.api(next) ?? api)
      await kind.connect(api)
      const accounts = await accountsOf(api)
      if (accounts.length === 0) throw new PosternError('No account found', 'NO_ACCOUNT')
      return accounts
    },
    restore: async (next) => accountsOf(use(kind.api(next) ?? api)),
    current: kind.current && (() => kind.current!(api)),
    watchNetwork: kind.watchNetwork && ((listener) => listen((l) => void (onNetwork = l), listener)),
    watch: (listener) => listen((l) => void (onAccounts = l), listener),
    async disconnect() {
      onAccounts = onNetwork = undefined
      bind()
      await kind.disconnect(api)
    },
    async switchNetwork(next) {
      return accountsOf(use(await kind.switchTo(api, next)))
    },
    provider(hooks) {
      const provider: BitcoinConnector = {
        id: kind.id,
        name: kind.name,
        imageUrl: kind.icon(),
        explorerId: kind.explorerId,
        type: 'ANNOUNCED',
        chain: 'bip122',
        get chains() {
          return hooks.requested()
        },
        get provider() {
          return provider
        },
        connect: () => hooks.connect(),
        disconnect: () => hooks.disconnect(),
        getAccountAddresses: () => accountsOf(api),
        async signMessage(input) {
          const { message, protocol } = params(SignMessageParams, input, 'signMessage')
          return call(api, 'signMessage', [message, protocol === 'bip322' ? 'bip322-simple' : protocol], Base64)
        },
        async sendTransfer(input) {
          const { amount, recipient } = params(SendTransferParams, input, 'sendTransfer')
          const network = hooks.network()
          const from = hooks.accounts()?.[0]?.address
          if (!network || !from) throw new PosternError('No ActiveCaipAddress found', 'NO_ACCOUNT')
          return kind.send(api, from, recipient, BigInt(amount), network)
        },
        async signPSBT(input) {
          const p = params(SignPsbtParams, input, 'signPSBT')
          let hex: string
          try {
            hex = toHex(fromBase64(p.psbt))
          } catch {
            throw new PosternError('signPSBT: psbt must be base64', -32602)
          }
          if (p.broadcast && p.signInputs.length > 0) throw new PosternError('Broadcast not supported for partial signing', -32602)
          const toSignInputs = p.signInputs.map(({ index, address, sighashTypes, publicKey, disableTweakSigner, useTweakedSigner }) => ({ index, address, sighashTypes, publicKey, disableTweakSigner, useTweakedSigner }))
          const options = toSignInputs.length > 0 ? { autoFinalized: false, toSignInputs } : undefined
          const signed = await call(api, 'signPsbt', [hex, options], PsbtHex)
          const txid = p.broadcast ? await call(api, 'pushPsbt', [signed], Txid) : undefined
          return { psbt: toBase64(Uint8Array.from(signed.match(/../g)!, (b) => parseInt(b, 16))), txid }
        },
        async switchNetwork(caipNetworkId) {
          const network = hooks.requested().find((n) => n.caipNetworkId === caipNetworkId)
          if (!network) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
          use(await kind.switchTo(api, network))
        },
        request: () => Promise.reject(new MethodNotSupportedError(kind.id, 'request')),
        ...providerEvents(),
      }
      return provider
    },
  }
  return wallet
}

/** The injected OKX and Unisat-style wallets on the page, for the network the modal starts on. */
export function injectedWallets(network?: Network): DirectWallet[] {
  return KINDS.filter((kind) => kind.api(network)).map((kind) => injectedWallet(kind, network))
}
