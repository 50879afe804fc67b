// The history endpoint for TRON addresses, read from TronGrid's v1 account API (TRON_API_URL):
// here the local node (dev/tron), whose TRX and TRC-20 feeds are merged newest first and paged by
// the server's cursor across the node's own pages.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEMO_TRC20, startTron, type LocalTron } from '../../dev/tron/index.ts'
import { hexToBytes, signDigest } from '../../dev/tron/crypto.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { TRON_FETCH_LIMIT } from '../../server/chain/tron-history.ts'
import { tronApi, type TronTransaction } from '../../src/utils/tron/http.ts'
import { sendToken, sendTrx, waitForReceipt } from '../../src/utils/tron/transfer.ts'
import { accountHistory as history } from './account-routes.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  tron?: LocalTron
  api?: ApiServer
  /** Between the server and the node: passes calls on, or answers per feed what a test sets. */
  proxy?: Server
  fakeAnswer?: { transactions: unknown; trc20: unknown }
  sent: { trx: string[]; usdt: string[]; received: string[] }
}
const test = suite<Ctx>('server: TRON history', { sent: { trx: [], usdt: [], received: [] } })

const watchdog = setTimeout(() => (console.error('tron-history.test.ts: timed out'), process.exit(1)), watchdogMs(90_000))
const TRX_SENDS = TRON_FETCH_LIMIT + 5

test.before(async (ctx) => {
  ctx.tron = await startTron({ blockMs: 100 })
  const server = {
    chains: [],
    tronChainIds: [ctx.tron.caipNetworkId],
    tronTokens: { [DEMO_TRC20.address]: { name: DEMO_TRC20.name, symbol: DEMO_TRC20.symbol } },
    indexer: false as const,
  }
  const node = ctx.tron.url
  ctx.proxy = createServer(async (req, res) => {
    const fake = ctx.fakeAnswer && (req.url?.includes('/trc20') ? ctx.fakeAnswer.trc20 : ctx.fakeAnswer.transactions)
    const answer = ctx.fakeAnswer ? JSON.stringify(fake) : await (await fetch(`${node}${req.url}`)).text()
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer)
  })
  await new Promise<void>((resolve) => ctx.proxy!.listen(0, '127.0.0.1', resolve))
  ctx.api = await startApiServer({ ...server, tronApiUrl: `http://127.0.0.1:${(ctx.proxy.address() as AddressInfo).port}` })

  // Account 0 sends more TRX transfers than one page of the node's feed holds, USDT transfers
  // among them, and receives one TRX transfer.
  const client = tronApi([ctx.tron.url])
  const [a, b, c] = ctx.tron.accounts
  const signer = (key: string) => async (tx: TronTransaction) => ({ ...tx, signature: [signDigest(hexToBytes(tx.txID), key)] })
  const usdt = () => sendToken(client, signer(a!.privateKey), a!.address, DEMO_TRC20.address, c!.address, 2_500_000n, 50_000_000n)
  // The oldest transfer is a USDT one, in a block of its own: read last, after the node's first
  // page of TRX transfers is behind (a merge that let the TRX feed run dry would list it too early).
  ctx.sent.usdt.push(await usdt())
  await waitForReceipt(client, ctx.sent.usdt[0]!)
  let last = ''
  for (let i = 0; i < TRX_SENDS; i++) {
    // Amounts differ, so no two transfers on one block are the same transaction.
    last = await sendTrx(client, signer(a!.privateKey), a!.address, b!.address, 1_000n + BigInt(i))
    ctx.sent.trx.push(last)
    if (i % 25 === 24) ctx.sent.usdt.push(await usdt())
  }
  ctx.sent.received.push(await sendTrx(client, signer(c!.privateKey), c!.address, a!.address, 7_000_000n))
  await waitForReceipt(client, ctx.sent.received[0]!)
  for (const id of [last, ...ctx.sent.usdt]) await waitForReceipt(client, id)
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await new Promise((resolve) => ctx.proxy?.close(resolve))
  await ctx.tron?.stop()
  clearTimeout(watchdog)
})


test('behavior: every TRX and USDT transfer of the address comes once, newest first, over pages of 20 that follow the node\'s own pages', async (ctx) => {
  const owner = ctx.tron!.accounts[0]!.address
  const items: any[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const { status, body } = await history(ctx.api!, owner, cursor ? { cursor } : {})
    assert.is(status, 200, JSON.stringify(body))
    assert.ok(body.data.length <= 20)
    items.push(...body.data)
    cursor = body.next ?? undefined
    pages++
  } while (cursor && pages < 10)
  assert.is(cursor, undefined, 'the last page has no next')
  assert.ok(pages >= 3)
  const ids = items.map((i) => i.metadata.hash)
  assert.is(new Set(ids).size, ids.length, 'no transfer twice')
  assert.equal(new Set(ids), new Set([...ctx.sent.trx, ...ctx.sent.usdt, ...ctx.sent.received]))
  const times = items.map((i) => Date.parse(i.metadata.minedAt))
  assert.equal(times, [...times].sort((x, y) => y - x), 'newest first')

  const usdt = items.find((i) => i.metadata.hash === ctx.sent.usdt[0])
  assert.is(usdt.id, `${ctx.tron!.caipNetworkId}:${ctx.sent.usdt[0]}`)
  assert.equal(
    [usdt.metadata.operationType, usdt.metadata.sentFrom, usdt.metadata.sentTo, usdt.metadata.status, usdt.metadata.chain],
    ['send', owner, ctx.tron!.accounts[2]!.address, 'confirmed', ctx.tron!.caipNetworkId],
  )
  assert.equal([usdt.transfers[0].fungible_info.symbol, usdt.transfers[0].direction, usdt.transfers[0].quantity.numeric, usdt.transfers[0].nft_info.flags.is_spam], ['USDT', 'out', '2.5', false])
  const received = items.find((i) => i.metadata.hash === ctx.sent.received[0])
  assert.equal([received.metadata.operationType, received.metadata.sentFrom, received.transfers[0].fungible_info.symbol, received.transfers[0].direction, received.transfers[0].quantity.numeric], ['receive', ctx.tron!.accounts[2]!.address, 'TRX', 'in', '7'])
  const first = items.find((i) => i.metadata.hash === ctx.sent.trx[0])
  assert.equal([first.metadata.operationType, first.metadata.sentTo, first.transfers[0].quantity.numeric], ['send', ctx.tron!.accounts[1]!.address, '0.001'])
})

test('behavior: the receiver sees the same transfers as receives; an address with none gets an empty page', async (ctx) => {
  const { body } = await history(ctx.api!, ctx.tron!.accounts[2]!.address, { chainId: ctx.tron!.caipNetworkId })
  const usdt = body.data.filter((i: any) => i.transfers[0].fungible_info.symbol === 'USDT')
  assert.equal(new Set(usdt.map((i: any) => i.metadata.hash)), new Set(ctx.sent.usdt))
  assert.ok(usdt.every((i: any) => i.metadata.operationType === 'receive' && i.transfers[0].direction === 'in'))
  assert.equal((await history(ctx.api!, 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy')).body, { data: [], next: null })
})

test('input: a cursor that is not the server\'s is refused with 400, as is a TRON network it does not serve', async (ctx) => {
  const owner = ctx.tron!.accounts[0]!.address
  const foreign = Buffer.from(JSON.stringify({ tron: 1, trx: { skip: 9999 }, trc20: null })).toString('base64url')
  for (const cursor of ['!!', foreign, Buffer.from('[1,"x",2,3]').toString('base64url')]) {
    const { status, body } = await history(ctx.api!, owner, { cursor })
    assert.is(status, 400)
    assert.match(JSON.stringify(body), /not a cursor from this API/)
  }
  assert.is((await history(ctx.api!, owner, { chainId: 'tron:0x2b6653dc' })).status, 400)
})

test('input: an answer of the TRON API that is not its shape is a 502 naming the read, never a 500 or a made-up item', async (ctx) => {
  const owner = ctx.tron!.accounts[0]!.address
  const empty = { success: true, data: [], meta: {} }
  ctx.fakeAnswer = { transactions: empty, trc20: empty }
  assert.equal((await history(ctx.api!, owner)).body, { data: [], next: null })
  for (const transactions of [{ success: true, data: [{ txID: 'nothex', block_timestamp: 1, raw_data: { contract: [] } }], meta: {} }, { data: 'nope' }, null]) {
    ctx.fakeAnswer = { transactions, trc20: empty }
    const { status, body } = await history(ctx.api!, owner)
    assert.is(status, 502)
    assert.match(body.reason, /^chain read failed: TRON API transactions: unexpected answer/)
  }
  // A TRC-20 event naming a sender that is no TRON address is refused, not shown.
  const event = { transaction_id: 'a'.repeat(64), block_timestamp: 1, from: owner, to: owner, type: 'Transfer', value: '1', token_info: { symbol: 'X', address: DEMO_TRC20.address, decimals: 6, name: 'X' } }
  ctx.fakeAnswer = { transactions: empty, trc20: { ...empty, data: [event] } }
  assert.is((await history(ctx.api!, owner)).body.data.length, 1)
  ctx.fakeAnswer = { transactions: empty, trc20: { ...empty, data: [{ ...event, from: 'T123' }] } }
  const forged = await history(ctx.api!, owner)
  assert.is(forged.status, 502)
  assert.match(forged.body.reason, /TRON API TRC-20 transfers: unexpected answer \(data\.0\.from is not a TRON address\)/)
  ctx.fakeAnswer = undefined
})

test.run()
