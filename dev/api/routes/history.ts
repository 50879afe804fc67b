import * as v from 'valibot'
import { formatUnits, type Address } from 'viem'
import { tokenIconUrl } from '../assets.ts'
import type { EvmChain, IndexedTx } from '../chain/evm.ts'
import { nativeCurrency, priceOf } from '../fixtures.ts'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { AnyAddress, CaipNetworkId, isEvmAddress, SdkQuery } from '../schemas.ts'
import type { ServerState } from '../state.ts'

export const HISTORY_PAGE_SIZE = 20

/** Sort key, newest first: block time, chain id, block number, index in block. */
type Key = [number, number, number, number]

const KeySchema = v.tuple([v.number(), v.number(), v.number(), v.number()])

// The cursor is opaque to clients: base64url JSON of the last item's sort key.
const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url')
const Cursor = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return v.parse(KeySchema, JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8')))
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)

const Params = v.object({ address: AnyAddress })
const Query = v.object({
  ...SdkQuery,
  cursor: v.optional(Cursor),
  chainId: v.optional(CaipNetworkId),
  onramp: v.optional(v.string()),
})

/** Newer first; a negative result means `a` comes before `b`. */
function compareDesc(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!
  return 0
}

function toItem(state: ServerState, chain: EvmChain, tx: IndexedTx, address: Address) {
  const me = address.toLowerCase()
  const native = nativeCurrency(chain.chainId)
  const transfers: ReturnType<typeof transfer>[] = []
  function transfer(symbol: string, name: string, decimals: number, amount: bigint, direction: 'in' | 'out') {
    const numeric = formatUnits(amount, decimals)
    const price = priceOf(symbol)
    return { fungible_info: { name, symbol, icon: { url: tokenIconUrl(state, symbol) } }, direction, quantity: { numeric }, value: Number(numeric) * price, price }
  }
  if (tx.native > 0n) {
    if (tx.from.toLowerCase() === me) transfers.push(transfer(native.symbol, native.name, native.decimals, tx.native, 'out'))
    if (tx.to?.toLowerCase() === me) transfers.push(transfer(native.symbol, native.name, native.decimals, tx.native, 'in'))
  }
  // The counterparties shown: the native transfer's, else the first token move touching the address.
  let parties: { from: Address; to: Address | null } | undefined = transfers.length > 0 ? { from: tx.from, to: tx.to } : undefined
  const t = chain.token
  for (const m of tx.tokenMoves) {
    const out = m.from.toLowerCase() === me
    const into = m.to.toLowerCase() === me
    if (out) transfers.push(transfer(t.symbol, t.name, t.decimals, m.value, 'out'))
    if (into) transfers.push(transfer(t.symbol, t.name, t.decimals, m.value, 'in'))
    if ((out || into) && !parties) parties = m
  }
  const key: Key = [tx.timestamp, chain.chainId, Number(tx.blockNumber), tx.txIndex]
  const item = {
    id: `${chain.caip}:${tx.hash}`,
    metadata: {
      operationType: transfers.some((x) => x.direction === 'out') ? ('send' as const) : ('receive' as const),
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: parties?.from ?? tx.from,
      sentTo: parties?.to ?? '',
      status: 'confirmed' as const,
      nonce: tx.nonce,
      chain: chain.caip,
    },
    transfers,
  }
  return { key, item }
}

export const historyRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/account\/(?<address>[^/]+)\/history$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(Params, params, 'path')
      const { cursor, chainId } = parse(Query, query, 'query')
      // Activity is EVM only (SPEC section 9).
      if (!isEvmAddress(address)) return { json: { data: [], next: null } }
      const chains = state.evm.filter((c) => !chainId || c.caip === chainId)
      let rows: ReturnType<typeof toItem>[]
      try {
        const perChain = await Promise.all(chains.map(async (c) => (await c.transfersOf(address)).map((tx) => toItem(state, c, tx, address))))
        rows = perChain.flat()
      } catch (error) {
        throw new HttpError(502, `chain read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      }
      rows.sort((a, b) => compareDesc(a.key, b.key))
      const after = cursor ? rows.filter((r) => compareDesc(cursor as Key, r.key) < 0) : rows
      const page = after.slice(0, HISTORY_PAGE_SIZE)
      const last = page[page.length - 1]
      const next = after.length > page.length && last ? encodeCursor(last.key) : null
      return { json: { data: page.map((r) => r.item), next } }
    },
  },
]
