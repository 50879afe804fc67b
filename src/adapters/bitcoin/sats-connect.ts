import * as v from 'valibot'
import type { Connector, ConnectResult, Network } from '../../types'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'
import { walletChainFor } from '../../utils/bitcoin-chains'
import { AddressPurpose, MethodNotSupportedError, type BitcoinConnector } from './types'

// sats-connect wallets (Xverse, Leather, Magic Eden, ...) as AppKit's SatsConnectConnector finds
// them: each announces itself in window.btc_providers ({ id, name, icon }), `id` the path of its
// provider on window, which answers JSON-RPC through request(method, params).

const ProviderInfo = v.looseObject({ id: v.pipe(v.string(), v.regex(/^[\w$]+(\.[\w$]+)*$/)), name: v.pipe(v.string(), v.trim(), v.minLength(1)), icon: v.string() })
const Address = v.looseObject({ address: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{14,100}$/)), publicKey: v.optional(v.string()), purpose: v.optional(v.string()) })
const Addresses = v.looseObject({ addresses: v.array(Address) })
const Signature = v.looseObject({ signature: v.pipe(v.string(), v.minLength(1)) })
const Txid = v.looseObject({ txid: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)) })
const Psbt = v.looseObject({ psbt: v.pipe(v.string(), v.minLength(1)), txid: v.optional(v.string()) })
const RpcAnswer = v.union([v.looseObject({ result: v.unknown() }), v.looseObject({ error: v.looseObject({ code: v.optional(v.number()), message: v.optional(v.string()) }) })])

type SatsProvider = { request(method: string, params: unknown): Promise<unknown> }
export type SatsInfo = v.InferOutput<typeof ProviderInfo>
export interface SatsAccount { address: string; publicKey?: string; purpose: AddressPurpose }

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
  const result = v.safeParse(schema, parsed.output.result)
  if (!result.success) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
  return result.output
}

/** wallet_disconnect: the wallet forgets the site (best effort). */
export const satsDisconnect = (info: SatsInfo) => call(info, 'wallet_disconnect', null, v.unknown()).then(() => undefined, () => undefined)

export function satsConnector(info: SatsInfo, explorerId: string | undefined): Connector {
  return { id: info.name, uid: `bip122:${info.name}`, name: info.name, type: 'ANNOUNCED', chain: 'bip122', chains: ['bip122'], imageUrl: /^(data:image\/|https:\/\/)/.test(info.icon) ? info.icon : undefined, explorerId, installed: true }
}

/** Asks for the payment and ordinal addresses (getAddresses, as AppKit does); payment first. */
export async function satsAccounts(info: SatsInfo): Promise<SatsAccount[]> {
  const { addresses } = await call(info, 'getAddresses', { purposes: ['payment', 'ordinals'], message: 'Connect to your wallet' }, Addresses)
  const list = addresses.map((a) => ({ address: a.address, publicKey: a.publicKey, purpose: purposeOf(a.purpose) })).filter((a) => a.purpose !== AddressPurpose.Stacks)
  return [...list.filter((a) => a.purpose === AddressPurpose.Payment), ...list.filter((a) => a.purpose === AddressPurpose.Ordinal)]
}

export const satsResult = (accounts: SatsAccount[], network: Network): ConnectResult => ({
  address: accounts[0]!.address,
  chainId: network.id,
  accounts: accounts.map((a) => ({ address: a.address, type: a.purpose === AddressPurpose.Ordinal ? 'ordinal' : 'payment', publicKey: a.publicKey })),
})

/** AppKit's SatsConnectConnector as the provider: every call a sats-connect request. */
export function satsProvider(info: SatsInfo, explorerId: string | undefined, hooks: { accounts(): SatsAccount[] | undefined; requested(): Network[]; connect(): Promise<string>; disconnect(): Promise<void> }): BitcoinConnector {
  const listeners = new Map<string, Set<(data: never) => void>>()
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
    signMessage: async ({ message, address, protocol }) => (await call(info, 'signMessage', { message, address, protocol: protocol?.toUpperCase() }, Signature)).signature,
    async sendTransfer({ amount, recipient }) {
      if (!/^[1-9]\d*$/.test(String(amount))) throw new PosternError('sendTransfer: amount must be a whole number of satoshis', -32602)
      return (await call(info, 'sendTransfer', { recipients: [{ address: recipient, amount: Number(amount) }] }, Txid)).txid
    },
    async signPSBT({ psbt, signInputs, broadcast }) {
      const byAddress: Record<string, number[]> = {}
      for (const input of signInputs) (byAddress[input.address] ??= []).push(input.index)
      return call(info, 'signPsbt', { psbt, signInputs: byAddress, broadcast }, Psbt)
    },
    async switchNetwork(caipNetworkId) {
      const network = hooks.requested().find((n) => n.caipNetworkId === caipNetworkId)
      const name = network && NETWORK_NAMES[walletChainFor(network)]
      if (!name) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
      await call(info, 'wallet_changeNetwork', { name }, v.unknown())
    },
    request: () => Promise.reject(new MethodNotSupportedError(info.name, 'request')),
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, data) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(data as never)
    },
  }
  return provider
}
