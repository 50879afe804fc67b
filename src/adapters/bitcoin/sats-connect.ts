import * as v from 'valibot'
import type { Network } from '../../types'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'
import { chainIdOfWalletChain, walletChainFor } from '../../utils/bitcoin-chains'
import { AddressPurpose, MethodNotSupportedError, type BitcoinConnector } from './types'
import { directConnector, paymentFirst, type DirectAccount, type DirectHooks, type DirectWallet } from './direct'
import { Address as AddressText, checked, params, PsbtResult, SendTransferParams, SignMessageParams, SignPsbtParams, TxidResult } from './schemas'
import { providerEvents } from './events'

// sats-connect wallets (Xverse, Leather, Magic Eden, ...) as AppKit's SatsConnectConnector finds
// them: each announces itself in window.btc_providers ({ id, name, icon }), `id` the path of its
// provider on window, which answers JSON-RPC through request(method, params).

const ProviderInfo = v.looseObject({ id: v.pipe(v.string(), v.regex(/^[\w$]+(\.[\w$]+)*$/)), name: v.pipe(v.string(), v.trim(), v.minLength(1)), icon: v.string() })
const Addresses = v.looseObject({ addresses: v.array(v.looseObject({ address: AddressText, publicKey: v.optional(v.string()), purpose: v.optional(v.string()) })) })
const Signature = v.looseObject({ signature: v.pipe(v.string(), v.minLength(1)) })
const RpcAnswer = v.union([v.looseObject({ result: v.unknown() }), v.looseObject({ error: v.looseObject({ code: v.optional(v.number()), message: v.optional(v.string()) }) })])

/** wallet_getNetwork's answer and the networkChange event: the wallet's Bitcoin network by name. */
const NetworkInfo = v.looseObject({ bitcoin: v.looseObject({ name: v.string() }) })

type SatsProvider = { request(method: string, params: unknown): Promise<unknown>; addListener?(event: string, listener: (data: unknown) => void): unknown }
export type SatsInfo = v.InferOutput<typeof ProviderInfo>

/** The sats-connect wallets the page announces (window.btc_providers), well formed, one per name. */
export function satsConnectWallets(): SatsInfo[] {
  const announced = (globalThis as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(announced)) return []
  const seen = new Set<string>()
  return announced.filter((p): p is SatsInfo => v.is(ProviderInfo, p) && !seen.has(p.name) && !!seen.add(p.name))
}

const providerOf = (info: SatsInfo) => info.id.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], globalThis) as SatsProvider | undefined

/** sats-connect's network names (Xverse's) for the Bitcoin networks. */
const NETWORK_NAMES: Record<string, string> = { 'bitcoin:mainnet': 'Mainnet', 'bitcoin:testnet': 'Testnet', 'bitcoin:signet': 'Signet', 'bitcoin:regtest': 'Regtest' }

function purposeOf(purpose: string | undefined): AddressPurpose {
  return purpose === 'ordinals' || purpose === 'ordinal' ? AddressPurpose.Ordinal : purpose === 'stacks' || purpose === 'stx' ? AddressPurpose.Stacks : AddressPurpose.Payment
}

/** One JSON-RPC call: a refusal is the 4001 error, any other error keeps its code, a malformed answer is refused. */
async function call<S extends v.GenericSchema>(info: SatsInfo, method: string, params: unknown, schema: S): Promise<v.InferOutput<S>> {
  const provider = providerOf(info)
  if (typeof provider?.request !== 'function') throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
  let answer: unknown
  try {
    answer = await provider.request(method, params)
  } catch (error) {
    answer = error // sats-connect providers reject with the JSON-RPC error response
  }
  const parsed = v.safeParse(RpcAnswer, answer)
  if (!parsed.success) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
  if ('error' in parsed.output) {
    const { code, message } = parsed.output.error as { code?: number; message?: string }
    if (code === -32000 || isUserRejected(parsed.output.error)) throw new PosternError('User rejected the request.', USER_REJECTED)
    throw new PosternError(message || 'The wallet request failed', code ?? 'WALLET_ERROR')
  }
  return checked(schema, parsed.output.result)
}

/** wallet_disconnect: the wallet forgets the site (best effort). */
export const satsDisconnect = (info: SatsInfo) => call(info, 'wallet_disconnect', null, v.unknown()).then(() => undefined, () => undefined)

/** wallet_changeNetwork by sats-connect's network name; a network it has no name for is refused. */
async function changeNetwork(info: SatsInfo, network: Network): Promise<void> {
  const name = NETWORK_NAMES[walletChainFor(network)]
  if (!name) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
  await call(info, 'wallet_changeNetwork', { name }, v.unknown())
}

/** The CAIP-2 reference of a sats-connect network name (Mainnet, Testnet, ...); undefined for one not known. */
const chainIdOfName = (name: string) => {
  const chain = Object.keys(NETWORK_NAMES).find((c) => NETWORK_NAMES[c] === name)
  return chain ? chainIdOfWalletChain(chain) : undefined
}

/** wallet_getNetwork: the network the wallet is on (a wallet without it tells nothing). */
async function satsNetwork(info: SatsInfo): Promise<string | undefined> {
  const { bitcoin } = await call(info, 'wallet_getNetwork', null, NetworkInfo)
  return chainIdOfName(bitcoin.name)
}

/** The wallet's networkChange event (as AppKit's SatsConnectConnector binds it); a malformed one is ignored with a warning. */
function onNetworkChange(info: SatsInfo, onNetwork: (chainId: string) => void): () => void {
  const provider = providerOf(info)
  if (typeof provider?.addListener !== 'function') return () => {}
  const off = provider.addListener('networkChange', (data) => {
    const parsed = v.safeParse(NetworkInfo, data)
    const chainId = parsed.success ? chainIdOfName(parsed.output.bitcoin.name) : undefined
    if (!chainId) return console.warn(`${info.name}: ignored a malformed networkChange event`)
    onNetwork(chainId)
  })
  return typeof off === 'function' ? () => void off() : () => {}
}

/** Asks for the payment and ordinal addresses (getAddresses, as AppKit does); payment first. */
async function satsAccounts(info: SatsInfo): Promise<DirectAccount[]> {
  const { addresses } = await call(info, 'getAddresses', { purposes: ['payment', 'ordinals'], message: 'Connect to your wallet' }, Addresses)
  return paymentFirst(addresses.map((a) => ({ address: a.address, publicKey: a.publicKey, purpose: purposeOf(a.purpose) })))
}

/** A sats-connect wallet as the adapter drives it: getAddresses connects and (as AppKit's syncConnections) restores. */
export function satsWallet(info: SatsInfo, explorerId: string | undefined): DirectWallet {
  return {
    connector: directConnector(info.name, info.name, info.icon, explorerId),
    connect: () => satsAccounts(info),
    restore: () => satsAccounts(info),
    disconnect: () => satsDisconnect(info),
    current: () => satsNetwork(info),
    watchNetwork: (onNetwork) => onNetworkChange(info, onNetwork),
    // AppKit's SatsConnectConnector.switchNetwork: wallet_changeNetwork, then (on the wallet's
    // networkChange) its addresses on that network.
    async switchNetwork(network) {
      await changeNetwork(info, network)
      return satsAccounts(info)
    },
    provider: (hooks) => satsProvider(info, explorerId, hooks),
  }
}

/** AppKit's SatsConnectConnector as the provider: every call a sats-connect request. */
function satsProvider(info: SatsInfo, explorerId: string | undefined, hooks: DirectHooks): BitcoinConnector {
  const provider: BitcoinConnector = {
    id: info.name,
    name: info.name,
    imageUrl: info.icon,
    explorerId,
    type: 'ANNOUNCED',
    chain: 'bip122',
    get chains() { return hooks.requested() },
    get provider() { return provider },
    connect: () => hooks.connect(),
    disconnect: () => hooks.disconnect(),
    getAccountAddresses: async () => hooks.accounts() ?? satsAccounts(info),
    async signMessage(input) {
      const { message, address, protocol } = params(SignMessageParams, input, 'signMessage')
      return (await call(info, 'signMessage', { message, address, protocol: protocol?.toUpperCase() }, Signature)).signature
    },
    async sendTransfer(input) {
      const { amount, recipient } = params(SendTransferParams, input, 'sendTransfer')
      return (await call(info, 'sendTransfer', { recipients: [{ address: recipient, amount: Number(amount) }] }, TxidResult)).txid
    },
    async signPSBT(input) {
      const { psbt, signInputs, broadcast } = params(SignPsbtParams, input, 'signPSBT')
      const byAddress: Record<string, number[]> = {}
      for (const { address, index } of signInputs) (byAddress[address] ??= []).push(index)
      return call(info, 'signPsbt', { psbt, signInputs: byAddress, broadcast }, PsbtResult)
    },
    async switchNetwork(caipNetworkId) {
      const network = hooks.requested().find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
      await changeNetwork(info, network)
    },
    request: () => Promise.reject(new MethodNotSupportedError(info.name, 'request')),
    ...providerEvents(),
  }
  return provider
}
