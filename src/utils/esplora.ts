import * as v from 'valibot'
import { PosternError } from './errors'

// The Esplora HTTP API (Blockstream's esplora, mempool.space, a self-hosted electrs): the reads and
// the broadcast the Bitcoin adapter needs. Every answer is checked before it is believed.

const Sats = v.pipe(v.number(), v.integer(), v.minValue(0))
const Txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
export const Utxo = v.object({
  txid: Txid,
  vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
  value: Sats,
  status: v.looseObject({ confirmed: v.boolean() }),
})
export type Utxo = v.InferOutput<typeof Utxo>
const Utxos = v.array(Utxo)
/** Target block count → sat/vB, e.g. { "1": 12.3, "6": 4.1 }. */
const FeeEstimates = v.record(v.pipe(v.string(), v.regex(/^\d+$/)), v.pipe(v.number(), v.minValue(0)))
const TxStatus = v.looseObject({ confirmed: v.boolean() })

const TIMEOUT_MS = 10_000

async function get(base: string, path: string): Promise<Response> {
  const res = await fetch(`${base.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!res.ok) throw new PosternError(`Esplora ${path.split('/')[1]}: HTTP ${res.status}`, 'CHAIN_READ_FAILED')
  return res
}

async function getJson<S extends v.GenericSchema>(base: string, path: string, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await (await get(base, path)).json())
  if (!parsed.success) throw new PosternError(`Esplora ${path.split('/')[1]}: unexpected answer`, 'CHAIN_READ_FAILED')
  return parsed.output
}

/** The address's unspent outputs, confirmed and in the mempool. */
export const getUtxos = (base: string, address: string) => getJson(base, `/address/${encodeURIComponent(address)}/utxo`, Utxos)

/** The fee rate (sat/vB) to confirm within `blocks` blocks: the nearest target the node estimates, at least 1. */
export async function getFeeRate(base: string, blocks = 3): Promise<number> {
  const estimates = await getJson(base, '/fee-estimates', FeeEstimates)
  const targets = Object.keys(estimates).map(Number).sort((a, b) => a - b)
  const target = targets.find((t) => t >= blocks) ?? targets.at(-1)
  return Math.max(1, target === undefined ? 1 : estimates[String(target)]!)
}

/** Broadcasts a raw transaction (hex); the txid the node gives back. */
export async function broadcast(base: string, hex: string): Promise<string> {
  const res = await fetch(`${base.replace(/\/$/, '')}/tx`, { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
  const text = (await res.text()).trim()
  if (!res.ok) throw new PosternError(text.slice(0, 300) || `Esplora tx: HTTP ${res.status}`, 'TRANSACTION_REJECTED')
  if (!/^[0-9a-f]{64}$/.test(text)) throw new PosternError('Esplora tx: unexpected answer', 'CHAIN_READ_FAILED')
  return text
}

/** Whether the node knows the transaction (in its mempool or a block). */
export async function knowsTransaction(base: string, txid: string): Promise<boolean> {
  const res = await fetch(`${base.replace(/\/$/, '')}/tx/${txid}/status`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  return res.ok && v.is(TxStatus, await res.json().catch(() => undefined))
}
