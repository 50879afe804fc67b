// TronGrid's v1 account history, as the node's indexer serves it: /v1/accounts/:address/transactions
// (the account's TRX transfers and contract calls) and /v1/accounts/:address/transactions/trc20
// (the TRC-20 Transfer events it took part in), newest first, paged by an opaque fingerprint.
import { anyToHex, hexToBytes, toBase58Address } from './crypto.ts'
import { toJson } from './json.ts'
import type { Included, TronLedger } from './ledger.ts'
import { decodeRaw } from './protobuf.ts'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 200
const TRANSFER_SELECTOR = 'a9059cbb'

export type V1Answer = { status: number; body: Record<string, unknown> }

const badRequest = (error: string): V1Answer => ({ status: 400, body: { success: false, error, statusCode: 400 } })

/** Where a listed item stands in the chain: its block, then its place in that block. */
interface Position {
  block: number
  index: number
}
const encodeFingerprint = (p: Position) => Buffer.from(`${p.block}.${p.index}`).toString('base64url')
function decodeFingerprint(text: string): Position | undefined {
  const match = /^(\d{1,12})\.(\d{1,6})$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match ? { block: Number(match[1]), index: Number(match[2]) } : undefined
}
const before = (a: Position, b: Position) => a.block < b.block || (a.block === b.block && a.index < b.index)

/** The included transactions, newest first, with their place in the chain. */
function* newestFirst(ledger: TronLedger): Generator<{ t: Included; at: Position }> {
  for (let n = ledger.blocks.length - 1; n >= 0; n--) {
    const ids = ledger.blocks[n]!.txIDs
    for (let i = ids.length - 1; i >= 0; i--) yield { t: ledger.transactions.get(ids[i]!)!, at: { block: n, index: i } }
  }
}

/** A successful TRC-20 transfer(address,uint256): its recipient (hex) and amount. */
function tokenTransfer(t: Included): { to: string; amount: bigint } | undefined {
  const call = t.call
  if (call.type !== 'TriggerSmartContract' || t.result !== 'SUCCESS' || !call.data.startsWith(TRANSFER_SELECTOR) || call.data.length !== 8 + 128) return undefined
  return { to: `41${call.data.slice(8 + 24, 8 + 64)}`, amount: BigInt(`0x${call.data.slice(8 + 64)}`) }
}

/** A transaction as the v1 API lists it: raw data in hex addresses, with its receipt's figures. */
function v1Transaction(t: Included): Record<string, unknown> {
  const raw = decodeRaw(hexToBytes(t.tx.raw_data_hex))
  if (typeof raw === 'string') throw new Error(`a stored transaction does not decode: ${raw}`)
  const json = toJson(raw, false)
  const contract = t.call.type === 'TriggerSmartContract'
  return {
    ret: [{ contractRet: t.result, fee: Number(t.fee) }],
    signature: t.tx.signature,
    txID: t.tx.txID,
    net_usage: t.fee && !contract ? 0 : t.bandwidth,
    raw_data_hex: json.raw_data_hex,
    net_fee: t.fee && !contract ? Number(t.fee) : 0,
    energy_usage: 0,
    blockNumber: t.block!.number,
    block_timestamp: t.block!.timestamp,
    energy_fee: contract ? t.energy * 420 : 0,
    energy_usage_total: t.energy,
    raw_data: json.raw_data,
    internal_transactions: [],
  }
}

interface Filters {
  limit: number
  after?: Position
  onlyTo: boolean
  onlyFrom: boolean
  minTimestamp: number
  maxTimestamp: number
  contract?: string
}

function filtersOf(query: URLSearchParams): Filters | string {
  const limit = Number(query.get('limit') ?? DEFAULT_LIMIT)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return `limit must be between 1 and ${MAX_LIMIT}`
  const fingerprint = query.get('fingerprint')
  const after = fingerprint ? decodeFingerprint(fingerprint) : undefined
  if (fingerprint && !after) return 'Invalid fingerprint'
  const order = query.get('order_by')
  if (order && order !== 'block_timestamp,desc') return 'order_by: only block_timestamp,desc is served by this node'
  const time = (name: string, fallback: number) => {
    const value = query.get(name)
    return value === null ? fallback : /^\d{1,15}$/.test(value) ? Number(value) : NaN
  }
  const minTimestamp = time('min_timestamp', 0)
  const maxTimestamp = time('max_timestamp', Number.MAX_SAFE_INTEGER)
  if (Number.isNaN(minTimestamp) || Number.isNaN(maxTimestamp)) return 'min_timestamp and max_timestamp must be milliseconds'
  const contractParam = query.get('contract_address')
  const contract = contractParam === null ? undefined : anyToHex(contractParam)
  if (contractParam !== null && !contract) return 'Invalid contract_address'
  return { limit, after, onlyTo: query.get('only_to') === 'true', onlyFrom: query.get('only_from') === 'true', minTimestamp, maxTimestamp, contract }
}

/** The page of `kind` for `account`, or undefined when the path is not a v1 account route. */
export function accountHistory(ledger: TronLedger, url: URL): V1Answer | undefined {
  const match = /^\/v1\/accounts\/([^/]+)\/transactions(\/trc20)?$/.exec(url.pathname)
  if (!match) return undefined
  const account = anyToHex(decodeURIComponent(match[1]!))
  if (!account) return badRequest('Invalid address')
  const filters = filtersOf(url.searchParams)
  if (typeof filters === 'string') return badRequest(filters)
  const tokenAddress = toBase58Address(ledger.token.address)
  const data: Record<string, unknown>[] = []
  let last: Position | undefined
  let more = false
  // Only what blocks hold is listed: a pending transaction is no one's history yet.
  const listed = url.searchParams.get('only_unconfirmed') === 'true' ? [] : newestFirst(ledger)
  for (const { t, at } of listed) {
    if (filters.after && !before(at, filters.after)) continue
    const time = t.block!.timestamp
    if (time > filters.maxTimestamp || time < filters.minTimestamp) continue
    let item: Record<string, unknown> | undefined
    if (match[2]) {
      const transfer = tokenTransfer(t)
      if (!transfer || (filters.contract && filters.contract !== ledger.token.address)) continue
      const from = t.call.owner === account
      const to = transfer.to === account
      if ((!from && !to) || (filters.onlyFrom && !from) || (filters.onlyTo && !to)) continue
      item = {
        transaction_id: t.tx.txID,
        token_info: { symbol: ledger.token.symbol, address: tokenAddress, decimals: ledger.token.decimals, name: ledger.token.name },
        block_timestamp: time,
        from: toBase58Address(t.call.owner),
        to: toBase58Address(transfer.to),
        type: 'Transfer',
        value: transfer.amount.toString(),
      }
    } else {
      const from = t.call.owner === account
      const to = t.call.type === 'TransferContract' && t.call.to === account
      if ((!from && !to) || (filters.onlyFrom && !from) || (filters.onlyTo && !to)) continue
      item = v1Transaction(t)
    }
    if (data.length === filters.limit) {
      more = true
      break
    }
    data.push(item)
    last = at
  }
  const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length }
  if (more && last) {
    const fingerprint = encodeFingerprint(last)
    const next = new URL(url)
    next.searchParams.set('fingerprint', fingerprint)
    Object.assign(meta, { fingerprint, links: { next: next.toString() } })
  }
  return { status: 200, body: { data, success: true, meta } }
}
