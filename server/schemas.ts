import * as v from 'valibot'
import { isTonAddress } from './chain/ton.ts'

export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

export const EvmAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits'))
export const SolanaAddress = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be 32 to 44 base58 characters'))
/** Bech32 (bc1, tb1, bcrt1) Bitcoin addresses; base58 ones already pass as SolanaAddress's characters. */
const BitcoinBech32 = v.pipe(v.string(), v.regex(/^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/))
/** TON: user-friendly (48 base64 characters, its checksum holding) or raw (workchain:64 hex). */
const TonAddress = v.pipe(v.string(), v.check(isTonAddress))
/** Sui: 0x and 64 hex digits; read in the node's lower case. */
const SuiAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/), v.toLowerCase())
export const AnyAddress = v.union([EvmAddress, SolanaAddress, BitcoinBech32, TonAddress, SuiAddress], 'must be an EVM (0x + 40 hex), Sui (0x + 64 hex) or Solana (base58) address')

export const isEvmAddress = (a: string): a is `0x${string}` => v.is(EvmAddress, a)

/** CAIP-2 network id: namespace:reference. */
export const CaipNetworkId = v.pipe(
  v.string(),
  v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 network id such as eip155:1'),
)

/** An integer given as a query string, within bounds. */
export const IntString = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be an integer'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )

/** A comma-separated list in a query string; empty items are dropped. */
export const CommaList = <T extends v.GenericSchema<string, string>>(item: T) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
    v.array(item),
  )

/** Every provider and blockchain API call carries these. */
export const SdkQuery = {
  projectId: v.pipe(v.string(), v.minLength(1, 'is required')),
  st: v.optional(v.string()),
  sv: v.optional(v.string()),
}

/** A path parameter that names an image or asset. */
export const AssetId = v.pipe(v.string(), v.regex(/^[-_.A-Za-z0-9]{1,128}$/, 'must be 1 to 128 letters, digits, dots, dashes or underscores'))

/** A CAIP-2 id among the chains this server serves. */
export const ServedChainId = (served: readonly string[]) =>
  v.pipe(CaipNetworkId, v.check((id) => served.includes(id), `must be one of the chains served here (${served.join(', ')})`))
