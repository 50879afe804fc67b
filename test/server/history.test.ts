// History pages from the page-ordered indexes (migration 016) are the pages the first shape of the
// query served (a GROUP BY over every transfer of the address, kept here as the reference): same
// items, same cursors, for every address, chain filter and page; and a page reads a page's rows.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { openDb, type Db } from '../../server/db/index.ts'
import { encodeCursor, historyPage, HISTORY_PAGE_SIZE, type HistoryKey } from '../../server/history.ts'
import { insertTransfers } from '../../server/indexer/store.ts'
import type { TransferRow } from '../../server/indexer/types.ts'
import { createState, type ServerState } from '../../server/state.ts'
import { seeToken } from '../../server/tokens.ts'

const test = suite<{ db?: Db; state?: ServerState }>('history pages', {})

const ME = '0x' + 'a1'.repeat(20)
const OTHERS = ['0x' + 'b2'.repeat(20), '0x' + 'c3'.repeat(20), '0x' + 'd4'.repeat(20)]
const TOKEN = '0x' + 'e5'.repeat(20)
const CHAINS = ['eip155:1', 'eip155:137']
const hex = (n: number) => '0x' + n.toString(16).padStart(64, '0')

/**
 * 130 transactions over two chains: sends, receipts, a token move beside the native one, a move to
 * oneself, blocks of several transactions and equal times on both chains (ties the order breaks).
 */
function transfers(): TransferRow[] {
  const rows: TransferRow[] = []
  for (let i = 0; i < 130; i++) {
    const chain = CHAINS[i % 2]!
    const block = BigInt(1000 + Math.floor(i / 3))
    const other = OTHERS[i % 3]!
    const [from, to] = i % 4 === 1 ? [other, ME] : i % 9 === 0 ? [ME, ME] : [ME, other]
    const base = { chain, txHash: hex(i + 1), blockNumber: block, txIndex: i % 3, time: BigInt(1_700_000_000 + Math.floor(i / 6) * 12), txFrom: from, txTo: to, nonce: i }
    rows.push({ ...base, logIndex: -1, asset: 'native', from, to, amount: BigInt(i + 1) * 10n ** 15n })
    if (i % 5 === 0) rows.push({ ...base, logIndex: i, asset: TOKEN, from: to, to: from, amount: 1_500_000n })
    if (i % 7 === 0) rows.push({ ...base, logIndex: 200 + i, asset: TOKEN, from: OTHERS[(i + 1) % 3]!, to: OTHERS[(i + 2) % 3]!, amount: 1n })
  }
  return rows
}

test.before(async (ctx) => {
  ctx.db = await openDb({})
  ctx.state = createState({ db: ctx.db, chains: [], projectIds: ['test'], allowedOrigins: [], analyticsEnabled: true, solanaRpcUrl: undefined, solanaChainIds: [], solanaMints: {} })
  ctx.state.url = 'http://127.0.0.1:1'
  for (const chain of CHAINS) await seeToken(ctx.db, { chain, address: TOKEN, name: 'USD Coin', symbol: 'USDC', decimals: 6, spam: false })
  await insertTransfers(ctx.db, transfers())
})
test.after(async (ctx) => {
  await ctx.db?.close()
})

interface Row extends Record<string, unknown> { chain: string; tx_hash: string; time: string; block_number: string; tx_index: number }

/** The first shape of the page query: every transfer of the address grouped per transaction, then sorted. */
async function referencePage(db: Db, me: string, chainId: string | undefined, c: HistoryKey | undefined) {
  const txs = await db.query<Row>(
    `SELECT chain, tx_hash, max(time) AS time, max(block_number) AS block_number, max(tx_index) AS tx_index
     FROM transfers WHERE (from_address = $1 OR to_address = $1) AND ($2::text IS NULL OR chain = $2)
     GROUP BY chain, tx_hash
     HAVING $3::bigint IS NULL OR (max(time), chain, max(block_number), max(tx_index)) < ($3::bigint, $4::text, $5::bigint, $6::integer)
     ORDER BY time DESC, chain DESC, block_number DESC, tx_index DESC LIMIT ${HISTORY_PAGE_SIZE + 1}`,
    [me, chainId ?? null, c?.[0] ?? null, c?.[1] ?? null, c?.[2] ?? null, c?.[3] ?? null],
  )
  const page = txs.slice(0, HISTORY_PAGE_SIZE)
  const last = page.at(-1)
  return {
    hashes: page.map((t) => `${t.chain}:${t.tx_hash}`),
    next: txs.length > page.length && last ? encodeCursor([Number(last.time), last.chain, Number(last.block_number), last.tx_index]) : null,
  }
}

const keyOf = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as HistoryKey

for (const address of [ME, ...OTHERS]) {
  for (const chainId of [undefined, ...CHAINS]) {
    test(`every page and cursor as before: ${address.slice(0, 6)} on ${chainId ?? 'every chain'}`, async (ctx) => {
      let cursor: string | null = null
      let pages = 0
      const seen = new Set<string>()
      do {
        const key: HistoryKey | undefined = cursor === null ? undefined : keyOf(cursor)
        const got: Awaited<ReturnType<typeof historyPage>> = await historyPage(ctx.state!, address, { chainId, cursor: key })
        const want = await referencePage(ctx.db!, address, chainId, key)
        assert.equal(got.data.map((i) => i.id), want.hashes, `page ${pages + 1}`)
        assert.is(got.next, want.next, `cursor after page ${pages + 1}`)
        for (const item of got.data) {
          assert.not.ok(seen.has(item.id), `${item.id} once`)
          seen.add(item.id)
        }
        cursor = got.next
        pages++
      } while (cursor)
      const all = new Set(transfers().filter((t) => (t.from === address || t.to === address) && (!chainId || t.chain === chainId)).map((t) => `${t.chain}:${t.txHash}`))
      assert.is(seen.size, all.size, 'every transaction of the address, once')
      if (address === ME && !chainId) assert.ok(pages >= 5, `several pages (${pages})`)
    })
  }
}

test('an item carries each of its transfers touching the address, in log order, both ways for a move to oneself', async (ctx) => {
  // Transaction 90 (chain 1): ME to ME natively, plus a token move back (also ME to ME).
  const items = []
  let cursor: HistoryKey | undefined
  do {
    const page = await historyPage(ctx.state!, ME, { chainId: 'eip155:1', cursor })
    items.push(...page.data)
    cursor = page.next === null ? undefined : keyOf(page.next)
  } while (cursor)
  const self = items.find((i) => i.metadata.hash === hex(91))
  assert.ok(self, 'the move to oneself is listed')
  assert.is(self.metadata.operationType, 'send')
  assert.equal(self.transfers.map((t) => [t.fungible_info.symbol, t.direction]), [['ETH', 'out'], ['ETH', 'in'], ['USDC', 'out'], ['USDC', 'in']])
})

test('a page reads about a page of rows, not the whole history (once the planner knows the table)', async (ctx) => {
  const db = ctx.db!
  const many: TransferRow[] = Array.from({ length: 4000 }, (_, i) => ({
    chain: 'eip155:1', txHash: hex(10_000 + i), logIndex: -1, blockNumber: BigInt(5000 + i), txIndex: 0, time: BigInt(1_800_000_000 + i),
    txFrom: OTHERS[0]!, txTo: OTHERS[1]!, nonce: i, asset: 'native', from: i % 2 ? OTHERS[0]! : OTHERS[1]!, to: i % 2 ? OTHERS[1]! : OTHERS[0]!, amount: 1n,
  }))
  await insertTransfers(db, many)
  await db.query('ANALYZE transfers')
  const db2 = ctx.state!.db
  const plans: unknown[] = []
  const query = db2.query
  db2.query = async (sql, params) => {
    if (/^SELECT chain, tx_hash/.test(sql.trim())) plans.push(...(await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)))
    return query(sql, params)
  }
  try {
    const first = await historyPage(ctx.state!, OTHERS[0]!, {})
    await historyPage(ctx.state!, OTHERS[0]!, { cursor: keyOf(first.next!) })
  } finally {
    db2.query = query
  }
  assert.is(plans.length, 2)
  for (const plan of plans) {
    const scanned = rowsScanned((plan as { 'QUERY PLAN': unknown })['QUERY PLAN'])
    assert.ok(scanned <= 4 * (HISTORY_PAGE_SIZE + 1) + 60, `rows read from transfers: ${scanned} (the address has over 4000)`)
  }
})

/** Rows the plan's scans of transfers produced. */
function rowsScanned(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, x) => n + rowsScanned(x), 0)
  if (!node || typeof node !== 'object') return 0
  const n = node as Record<string, unknown>
  const own = n['Relation Name'] === 'transfers' ? Number(n['Actual Rows'] ?? 0) * Number(n['Actual Loops'] ?? 1) : 0
  return own + rowsScanned(n['Plan']) + rowsScanned(n['Plans'])
}

test.run()
