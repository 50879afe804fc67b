import * as v from 'valibot'

// Bitcoin reads from any Esplora API (Blockstream's, mempool.space, a self-hosted electrs, or the
// dev stack's regtest ledger): an address's balance and its transactions.

export const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'

/** Bech32 (bc1, tb1, bcrt1) or base58 (1, 3, m, n, 2) addresses. */
export const BitcoinAddress = v.pipe(
  v.string(),
  v.regex(/^((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/, 'must be a Bitcoin address'),
)
export const isBitcoinAddress = (a: string) => v.is(BitcoinAddress, a)
/** Bech32 addresses are Bitcoin's alone (a base58 one may be Solana's too). */
export const isBech32Address = (a: string) => /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/.test(a)

const Sats = v.pipe(v.number(), v.integer(), v.minValue(0))
const Stats = v.object({ funded_txo_sum: Sats, spent_txo_sum: Sats, tx_count: v.pipe(v.number(), v.integer()) })
const AddressInfo = v.object({ chain_stats: Stats, mempool_stats: Stats })
const Out = v.object({ scriptpubkey_address: v.optional(v.string()), value: Sats })
export const EsploraTx = v.object({
  txid: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  vin: v.array(v.object({ prevout: v.nullable(Out), is_coinbase: v.optional(v.boolean()) })),
  vout: v.array(Out),
  fee: v.optional(Sats),
  status: v.object({ confirmed: v.boolean(), block_height: v.optional(v.number()), block_time: v.optional(v.number()) }),
})
export type EsploraTx = v.InferOutput<typeof EsploraTx>

async function esplora<S extends v.GenericSchema>(base: string, path: string, schema: S): Promise<v.InferOutput<S>> {
  const res = await fetch(`${base.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(5_000) })
  if (!res.ok) throw new Error(`Esplora ${path.split('/').slice(0, 2).join('/')}: HTTP ${res.status}`)
  const parsed = v.safeParse(schema, await res.json())
  if (!parsed.success) throw new Error(`Esplora ${path.split('/').slice(0, 2).join('/')}: unexpected answer (${parsed.issues[0].message})`)
  return parsed.output
}

/** The address's balance in satoshis: confirmed and mempool, received less spent. */
export async function bitcoinBalance(base: string, address: string): Promise<bigint> {
  const { chain_stats: c, mempool_stats: m } = await esplora(base, `/address/${address}`, AddressInfo)
  return BigInt(c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum)
}

/** Esplora's page of confirmed transactions: a full one means more may follow. */
export const ESPLORA_CHAIN_PAGE = 25

/**
 * The address's transactions: with no `lastSeen`, Esplora's first page (the mempool's, then up to
 * 25 confirmed); with one, the (up to 25) confirmed transactions older than that txid.
 */
export const bitcoinTransactions = (base: string, address: string, lastSeen?: string) =>
  esplora(base, lastSeen ? `/address/${address}/txs/chain/${lastSeen}` : `/address/${address}/txs`, v.array(EsploraTx))

/** What a transaction did to the address: sats received and sent (its own change netted out). */
export function bitcoinMovement(tx: EsploraTx, address: string): { direction: 'in' | 'out' | 'self'; sats: bigint; counterparty?: string } {
  const spent = tx.vin.reduce((s, i) => s + (i.prevout?.scriptpubkey_address === address ? BigInt(i.prevout.value) : 0n), 0n)
  const received = tx.vout.reduce((s, o) => s + (o.scriptpubkey_address === address ? BigInt(o.value) : 0n), 0n)
  if (spent === 0n) return { direction: 'in', sats: received, counterparty: tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address }
  const other = tx.vout.find((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address)
  if (!other) return { direction: 'self', sats: spent - received }
  return { direction: 'out', sats: spent - received - BigInt(tx.fee ?? 0), counterparty: other.scriptpubkey_address }
}
