// The relayer's transactions, each recorded signed before it is broadcast: a server that dies
// between signing and broadcasting, or between broadcasting and recording the outcome, finds the
// transaction on its next look (by hash) or broadcasts the very same bytes again, so nothing is
// paid twice. A recorded transaction is given up ("dropped") only when the chain proves it can
// never be mined: its signer's nonce was used by another transaction and its hash has no receipt.
// The database's unique indexes keep one live transaction per signer and nonce and per kind and
// source (one payout per quote, one refund per incoming transfer, one sweep per quote).
import { keccak256, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'
import { treasuryOf } from './onramp-sandbox.ts'

/** gas: the treasury's to a deposit address for a token's transfer; gas-return: what is left of it, back. */
export type RelayTxKind = 'payout' | 'refund' | 'sweep' | 'gas' | 'gas-return'
/**
 * Where a test stops a relayer as if the process died (after recording the signed transaction, or
 * after broadcasting it), or acts meanwhile (sweep:listed: after the listing a sweep relies on).
 */
export type RelayFault = (point: `${RelayTxKind}:${'signed' | 'broadcast'}` | 'sweep:listed', requestId: string) => Promise<void> | void
/** kept: never signed, a refund smaller than its own network fee ("too small to return"), settled as it is. */
export type RelayTxStatus = 'signed' | 'confirmed' | 'reverted' | 'dropped' | 'kept'

export interface RelayTxRow {
  id: string
  request_id: string
  kind: RelayTxKind
  chain_id: number
  signer: string
  nonce: string
  to_address: string
  amount: string
  source: string
  raw_tx: Hex
  tx_hash: Hex
  status: RelayTxStatus
}

/** A transaction to sign; gasPrice when the caller already counted it (a refund less its exact fee). */
interface Unsigned { to: Address; data?: Hex; value?: bigint; gas: bigint; gasPrice?: bigint }
export interface RelaySigner { address: Address; sign(tx: Omit<Unsigned, 'gasPrice'> & { nonce: number; gasPrice: bigint; chainId: number }): Promise<Hex> }

const hex = (n: bigint | number) => `0x${n.toString(16)}`

/** Paid over the network's gas price by the treasury's transactions (payouts, and the gas it sends deposit addresses), so a rising base fee does not strand them. */
const GAS_PRICE_MARGIN = 2n
export const marginGasPrice = async (chain: EvmChain) => (await chain.client.getGasPrice()) * GAS_PRICE_MARGIN

/** The treasury of a development chain: its node signs (eth_signTransaction) without sending. */
export async function treasurySigner(chain: EvmChain): Promise<RelaySigner> {
  const address = await treasuryOf(chain)
  return {
    address,
    sign: async (tx) => (await chain.client.request({
      method: 'eth_signTransaction',
      params: [{ from: address, to: tx.to, data: tx.data ?? '0x', value: hex(tx.value ?? 0n), gas: hex(tx.gas), gasPrice: hex(tx.gasPrice), nonce: hex(tx.nonce), chainId: hex(tx.chainId) }],
    } as never)) as Hex,
  }
}

/** A deposit address, signed for with its own (opened) key. */
export function keySigner(key: Hex): RelaySigner {
  const account = privateKeyToAccount(key)
  return {
    address: account.address,
    sign: (tx) => account.signTransaction({ type: 'legacy', to: tx.to, data: tx.data, value: tx.value ?? 0n, gas: tx.gas, gasPrice: tx.gasPrice, nonce: tx.nonce, chainId: tx.chainId }),
  }
}

export const openTxs = (db: Queryable, requestId: string) =>
  db.query<RelayTxRow & Record<string, unknown>>('SELECT * FROM pay_relay_txs WHERE request_id = $1 ORDER BY id', [requestId])

const mark = (db: Queryable, row: RelayTxRow, status: RelayTxStatus, note?: string) =>
  db.query('UPDATE pay_relay_txs SET status = $2, note = COALESCE($3, note) WHERE id = $1 AND status = \'signed\'', [row.id, status, note ?? null])

/**
 * Signs the transaction at the signer's next nonce, records it, then broadcasts it and waits for
 * its outcome. Undefined when the record is refused: another live transaction holds that nonce or
 * is already for this kind and source (another worker's, or this one's from before).
 */
export async function sendRecorded(db: Queryable, chain: EvmChain, signer: RelaySigner, tx: Unsigned, rec: { requestId: string; kind: RelayTxKind; source: string; amount: bigint; beneficiary: Address }, fault?: RelayFault): Promise<RelayTxStatus | undefined> {
  const nonce = await chain.client.getTransactionCount({ address: signer.address, blockTag: 'pending' })
  const gasPrice = tx.gasPrice ?? (await chain.client.getGasPrice())
  const raw = await signer.sign({ ...tx, nonce, gasPrice, chainId: chain.chainId })
  const [row] = await db.query<RelayTxRow & Record<string, unknown>>(
    `INSERT INTO pay_relay_txs (request_id, kind, chain_id, signer, nonce, to_address, amount, source, raw_tx, tx_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING *`,
    [rec.requestId, rec.kind, chain.chainId, signer.address.toLowerCase(), nonce, rec.beneficiary.toLowerCase(), String(rec.amount), rec.source, raw, keccak256(raw), Date.now()],
  )
  if (!row) return undefined
  await fault?.(`${rec.kind}:signed`, rec.requestId)
  return settleTx(db, chain, row, fault)
}

/** Records a refund too small to pay its own fee as settled without a transaction (once per source, as any refund). */
export async function recordKept(db: Queryable, chain: EvmChain, signer: Address, rec: { requestId: string; kind: RelayTxKind; source: string; amount: bigint; beneficiary: Address }): Promise<void> {
  await db.query(
    `INSERT INTO pay_relay_txs (request_id, kind, chain_id, signer, nonce, to_address, amount, source, raw_tx, tx_hash, status, note, created_at)
     VALUES ($1, $2, $3, $4, -1, $5, $6, $7, '', '', 'kept', 'too small to return', $8) ON CONFLICT DO NOTHING`,
    [rec.requestId, rec.kind, chain.chainId, signer.toLowerCase(), rec.beneficiary.toLowerCase(), String(rec.amount), rec.source, Date.now()],
  )
}

/** A recorded transaction's outcome: its receipt if mined; else broadcast (again) and awaited; dropped if it never can be mined. */
export async function settleTx(db: Queryable, chain: EvmChain, row: RelayTxRow, fault?: RelayFault): Promise<RelayTxStatus> {
  if (row.status !== 'signed') return row.status
  const receiptOf = () => chain.client.getTransactionReceipt({ hash: row.tx_hash }).catch(() => undefined)
  let receipt = await receiptOf()
  if (!receipt) {
    const used = await chain.client.getTransactionCount({ address: row.signer as Address, blockTag: 'latest' })
    if (used > Number(row.nonce)) {
      // Mined between the two reads, or its nonce went to another transaction: only the latter drops it.
      receipt = await receiptOf()
      if (!receipt) {
        await mark(db, row, 'dropped', `nonce ${row.nonce} was used by another transaction`)
        return 'dropped'
      }
    } else {
      await chain.client.request({ method: 'eth_sendRawTransaction', params: [row.raw_tx] } as never).catch(() => undefined) // already known: the wait below decides
      await fault?.(`${row.kind}:broadcast`, row.request_id)
      receipt = await chain.client.waitForTransactionReceipt({ hash: row.tx_hash, pollingInterval: 100, timeout: 20_000, checkReplacement: false }).catch(() => undefined)
      if (!receipt) return 'signed' // not mined yet: the next look settles it
    }
  }
  const status = receipt.status === 'success' ? 'confirmed' : 'reverted'
  await mark(db, row, status)
  return status
}
