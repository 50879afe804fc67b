import * as v from 'valibot'
import { chainIdOfWalletChain } from '../../utils/bitcoin-chains'
import { at, call, type Api } from './injected-api'
import { Address } from './schemas'

// Which network an OKX or Unisat-style wallet is on, and its own switches (the visitor switching
// inside the wallet). Unisat tells its chain (getChain, chainChanged; older: getNetwork,
// networkChanged); OKX has a provider object per network (okxwallet.bitcoin, okxwallet.bitcoinTestnet),
// each with its own accountChanged. Every event is checked; a malformed one is ignored with a warning.

/** OKX's network keys (AppKit's OKX_NETWORK_KEYS): anything else is served by okxwallet.bitcoin. */
export const OKX_KEYS: Record<string, string> = { 'bitcoin:mainnet': 'bitcoin', 'bitcoin:testnet': 'bitcoinTestnet' }
/** Unisat's chain names (AppKit's UnisatConnector.getNetwork). */
export const UNISAT_CHAINS: Record<string, string> = { 'bitcoin:mainnet': 'BITCOIN_MAINNET', 'bitcoin:testnet': 'BITCOIN_TESTNET', 'bitcoin:signet': 'BITCOIN_SIGNET' }

/** Unisat's getChain answer and chainChanged event; getNetwork's and networkChanged's older names. */
const UnisatChain = v.looseObject({ enum: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,40}$/)) })
const UnisatNetwork = v.picklist(['livenet', 'testnet'])
const OkxAccount = v.looseObject({ address: Address })

/** A Unisat chain's CAIP-2 reference; a chain not known here (Fractal, ...) keeps its own name, so the modal shows it unsupported. */
const chainIdOfUnisat = (name: string) => {
  const chain = Object.keys(UNISAT_CHAINS).find((c) => UNISAT_CHAINS[c] === name)
  return (chain && chainIdOfWalletChain(chain)) || name
}
const chainIdOfUnisatNetwork = (network: 'livenet' | 'testnet') => chainIdOfWalletChain(network === 'livenet' ? 'bitcoin:mainnet' : 'bitcoin:testnet')!

/** Unisat's chain now: getChain, or the older getNetwork (livenet or testnet) of a wallet without it. */
export async function unisatCurrent(api: Api | undefined): Promise<string | undefined> {
  if (typeof api?.getChain === 'function') return chainIdOfUnisat((await call(api, 'getChain', [], UnisatChain)).enum)
  if (typeof api?.getNetwork === 'function') return chainIdOfUnisatNetwork(await call(api, 'getNetwork', [], UnisatNetwork))
  return undefined
}

/** Unisat's chainChanged (or, without getChain, networkChanged, which cannot tell signet from testnet). */
export function unisatWatchNetwork(name: string, api: Api, onNetwork: (chainId: string) => void): () => void {
  const byChain = typeof api.getChain === 'function'
  const event = byChain ? 'chainChanged' : 'networkChanged'
  const listener = (data?: unknown) => {
    const chain = byChain ? v.safeParse(UnisatChain, data) : undefined
    const network = byChain ? undefined : v.safeParse(UnisatNetwork, data)
    if (chain?.success) onNetwork(chainIdOfUnisat(chain.output.enum))
    else if (network?.success) onNetwork(chainIdOfUnisatNetwork(network.output))
    else console.warn(`${name}: ignored a malformed ${event} event`)
  }
  api.on?.(event, listener)
  return () => api.removeListener?.(event, listener)
}

/** OKX's other networks' providers: an account there (their accountChanged) means the visitor moved to that network. */
export function okxWatchNetwork(name: string, api: Api, onNetwork: (chainId: string) => void): () => void {
  const stops = Object.entries(OKX_KEYS).flatMap(([chain, key]) => {
    const other = at(`okxwallet.${key}`)
    if (!other || other === api || typeof other.on !== 'function') return []
    const listener = (data?: unknown) => {
      if (v.is(OkxAccount, data)) onNetwork(chainIdOfWalletChain(chain)!)
      else console.warn(`${name}: ignored a malformed accountChanged event`)
    }
    other.on('accountChanged', listener)
    return [() => other.removeListener?.('accountChanged', listener)]
  })
  return () => stops.forEach((stop) => stop())
}
