import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { formatUnits } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { HISTORY_PAGE_SIZE } from './history.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'
import { coinInfo, isSuiCoin, type CoinInfo } from './sui-balance.ts'
import { Digest, suiTransactions, type SuiDirection, type SuiTransactionBlock } from './sui-rpc.ts'

/**
 * A Sui address's history read live from its network's full node, in the history endpoint's
 * shape: what the address sent (FromAddress) and what reached it (ToAddress), merged newest
 * first, each transaction once. The cursor holds where each of the two reads goes on (the last
 * digest taken from it; null before the first, false once it is done) and is bound to the chain
 * and address it was made for: it never reads another address's transactions.
 */
type Position = string | null | false
interface SuiPosition {
  from: Position
  to: Position
}

const bindingOf = (chain: string, address: string) => createHash('sha256').update(`sui-history ${chain} ${address}`).digest('base64url').slice(0, 22)
const Stream = v.union([Digest, v.null(), v.literal(false)])
const Stored = v.object({ sui: v.literal(1), of: v.string(), from: Stream, to: Stream })

/** The cursor of `address`'s history on `chain`; another address's, or anything else, is refused. */
export const SuiCursor = (chain: string, address: string) => v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,400}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const { of, from, to } = v.parse(Stored, JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8')))
      if (of !== bindingOf(chain, address) || (from === false && to === false)) throw new Error('not this history')
      return { from, to }
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)
const encode = (chain: string, address: string, p: SuiPosition) => Buffer.from(JSON.stringify({ sui: 1, of: bindingOf(chain, address), ...p })).toString('base64url')

async function read(endpoint: string, direction: SuiDirection, address: string, position: Position) {
  if (position === false) return { data: [], more: false }
  const page = await suiTransactions(endpoint, direction, address, HISTORY_PAGE_SIZE + 1, position)
  return { data: page.data, more: page.hasNextPage }
}

/** One page of the address's Sui history, and the cursor of the next (null at the end). */
export async function suiHistoryPage(state: ServerState, address: string, chain: string, at: SuiPosition = { from: null, to: null }) {
  const endpoint = state.suiRpcUrls[chain]!
  const [sent, received] = await Promise.all([read(endpoint, 'FromAddress', address, at.from), read(endpoint, 'ToAddress', address, at.to)])
  const taken: SuiTransactionBlock[] = []
  const next: SuiPosition = { ...at }
  let i = 0
  let j = 0
  while (taken.length < HISTORY_PAGE_SIZE && (i < sent.data.length || j < received.data.length)) {
    const a = sent.data[i]
    const b = received.data[j]
    // Both reads are the chain's order, newest first: one transaction in both comes up in both at once.
    const fromSent = !b || (a && a.digest !== b.digest && takesFirst(a, b, sent.data.slice(i), received.data.slice(j)))
    const tx = (fromSent ? a : b)!
    if (a?.digest === tx.digest) next.from = sent.data[i++]!.digest
    if (b?.digest === tx.digest) next.to = received.data[j++]!.digest
    taken.push(tx)
  }
  if (i === sent.data.length && !sent.more) next.from = false
  if (j === received.data.length && !received.more) next.to = false
  const price = await priceTable(state.db)
  const data = await Promise.all(taken.map((tx) => toItem(state, endpoint, price('SUI'), address, chain, tx)))
  return {
    data: data.filter((item) => item !== undefined),
    next: next.from === false && next.to === false ? null : encode(chain, address, next),
  }
}

/** Whether the sent read's head `a` is newer than the received read's head `b`. */
function takesFirst(a: SuiTransactionBlock, b: SuiTransactionBlock, sent: SuiTransactionBlock[], received: SuiTransactionBlock[]): boolean {
  // A head the other read still holds further on is older than that read's own head.
  if (received.some((tx) => tx.digest === a.digest)) return false
  if (sent.some((tx) => tx.digest === b.digest)) return true
  return Number(a.timestampMs ?? 0) >= Number(b.timestampMs ?? 0)
}

const ownerOf = (owner: unknown) => (owner && typeof owner === 'object' && 'AddressOwner' in owner ? (owner as { AddressOwner: string }).AddressOwner : undefined)

/**
 * The transaction as a history item: per coin type, the address's change (SUI without the gas it
 * paid); sent when anything left it, else received. A transaction that moved nothing but gas is
 * listed only when it failed.
 */
async function toItem(state: ServerState, endpoint: string, usd: number, address: string, chain: string, tx: SuiTransactionBlock) {
  const sender = tx.transaction.data.sender
  const paidGas = ownerOf(tx.effects.gasObject.owner) === address
  const { computationCost, storageCost, storageRebate } = tx.effects.gasUsed
  const gas = BigInt(computationCost) + BigInt(storageCost) - BigInt(storageRebate)
  const net = new Map<string, bigint>()
  for (const change of tx.balanceChanges ?? []) {
    if (ownerOf(change.owner) !== address) continue
    const type = isSuiCoin(change.coinType) ? '0x2::sui::SUI' : change.coinType
    net.set(type, (net.get(type) ?? 0n) + BigInt(change.amount))
  }
  if (paidGas) net.set('0x2::sui::SUI', (net.get('0x2::sui::SUI') ?? 0n) + gas)
  const moved = [...net].filter(([, amount]) => amount !== 0n)
  const failed = tx.effects.status.status === 'failure'
  if (!moved.length && !(failed && sender === address)) return undefined
  const out = moved.length ? moved.some(([, amount]) => amount < 0n) : true
  // The other side: for a send, who gained the coin it sent; for a receive, the sender.
  const sentType = moved.find(([, amount]) => amount < 0n)?.[0]
  const counterpart = out
    ? ownerOf((tx.balanceChanges ?? []).find((c) => ownerOf(c.owner) !== address && BigInt(c.amount) > 0n && (!sentType || c.coinType === sentType || (isSuiCoin(c.coinType) && isSuiCoin(sentType))))?.owner) ?? address
    : sender
  const infos = await Promise.all(moved.map(([type]) => coinInfo(endpoint, type)))
  return {
    id: `${chain}:${tx.digest}`,
    metadata: {
      operationType: out ? ('send' as const) : ('receive' as const),
      hash: tx.digest,
      minedAt: new Date(Number(tx.timestampMs ?? 0)).toISOString(),
      sentFrom: out ? address : counterpart,
      sentTo: out ? counterpart : address,
      status: failed ? ('failed' as const) : ('confirmed' as const),
      nonce: null,
      chain,
    },
    transfers: moved.map(([type, amount], k) => transfer(state, infos[k]!, isSuiCoin(type) ? usd : 0, amount)),
  }
}

function transfer(state: ServerState, info: CoinInfo, usd: number, amount: bigint) {
  const numeric = formatUnits(amount < 0n ? -amount : amount, info.decimals)
  return {
    fungible_info: { name: info.name, symbol: info.symbol, icon: { url: tokenIconUrl(state, info.symbol) } },
    nft_info: { flags: { is_spam: false } },
    direction: amount < 0n ? ('out' as const) : ('in' as const),
    quantity: { numeric },
    value: Number(numeric) * usd,
    price: usd,
  }
}
