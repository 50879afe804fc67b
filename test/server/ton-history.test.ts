// The history endpoint for TON addresses, read from toncenter v2's getTransactions (TON_API_URL):
// here the local TON ledger (dev/ton, @ton/sandbox behind toncenter's API), paged by the
// transactions' lt and hash as toncenter continues.
import type { Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Address, internal, SendMode, toNano } from '@ton/core'
import { WalletContractV4 } from '@ton/ton'
import { startTon, type LocalTon } from '../../dev/ton/index.ts'
import { demoTonWallet } from '../../dev/ton/keys.ts'
import { tonApiProxy } from './ton-api-proxy.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { accountHistory as history } from './account-routes.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  ton?: LocalTon
  api?: ApiServer
  wallet?: Address
  recipient?: Address
  /** Between the server and the ledger: passes calls on, or answers what a test sets. */
  proxy?: Server
  fakeAnswer?: unknown
}
const test = suite<Ctx>('server: TON history', {})
const TON_CAIP = 'ton:-239'
const SENDS = 25

const watchdog = setTimeout(() => (console.error('ton-history.test.ts: timed out'), process.exit(1)), watchdogMs(90_000))
test.before(async (ctx) => {
  const { key, contract } = await demoTonWallet()
  ctx.wallet = contract.address
  ctx.recipient = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32, 9) }).address
  ctx.ton = await startTon({ fund: [contract.address], amount: toNano('100') })
  // The demo wallet sends SENDS transfers (the first deploys it), each its own amount, fees paid apart as wallets do.
  const wallet = ctx.ton.blockchain.openContract(contract)
  for (let i = 0; i < SENDS; i++) {
    await wallet.sendTransfer({ seqno: await wallet.getSeqno(), secretKey: key.secretKey, sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS, messages: [internal({ to: ctx.recipient, value: toNano('0.1') + BigInt(i), bounce: false })] })
  }
  const proxy = await tonApiProxy(ctx.ton.url, () => ctx.fakeAnswer)
  ctx.proxy = proxy.server
  ctx.api = await startApiServer({ chains: [], tonApiUrl: proxy.url, indexer: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await new Promise((resolve) => ctx.proxy?.close(resolve))
  await ctx.ton?.stop()
  clearTimeout(watchdog)
})

async function everything(api: ApiServer, address: string) {
  const items: any[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const { status, body } = await history(api, address, cursor ? { cursor } : {})
    assert.is(status, 200, JSON.stringify(body))
    assert.ok(body.data.length <= 20)
    items.push(...body.data)
    cursor = body.next ?? undefined
    pages++
  } while (cursor && pages < 10)
  assert.is(cursor, undefined, 'the last page has no next')
  return { items, pages }
}

test('behavior: the sender\'s transfers and its funding come once each, newest first, over pages that follow lt and hash', async (ctx) => {
  const { items, pages } = await everything(ctx.api!, ctx.wallet!.toString())
  assert.is(pages, 2)
  assert.is(items.length, SENDS + 1)
  assert.is(new Set(items.map((i) => i.id)).size, items.length, 'no transaction twice')
  const lts = await ctx.ton!.blockchain.getTransactions(ctx.wallet!, { limit: 100 })
  assert.equal(items.map((i) => i.metadata.hash), lts.map((tx) => tx.hash().toString('base64')), 'the ledger\'s transactions, newest first')
  const sends = items.filter((i) => i.metadata.operationType === 'send')
  assert.is(sends.length, SENDS)
  assert.ok(sends.every((i) => Address.parse(i.metadata.sentTo).equals(ctx.recipient!) && i.transfers[0].direction === 'out' && i.metadata.chain === TON_CAIP))
  // The oldest send: 0.1 TON exactly; the newest: 0.1 TON and 24 nanotons.
  assert.equal([sends.at(-1).transfers[0].quantity.numeric, sends[0].transfers[0].quantity.numeric], ['0.1', '0.100000024'])
  const funding = items.at(-1)
  assert.equal([funding.metadata.operationType, funding.transfers[0].fungible_info.symbol, funding.transfers[0].quantity.numeric], ['receive', 'TON', '100'])
})

test('behavior: the recipient sees the transfers as receives; an address with none gets an empty page', async (ctx) => {
  const { items } = await everything(ctx.api!, ctx.recipient!.toString({ bounceable: false }))
  assert.is(items.length, SENDS)
  assert.ok(items.every((i) => i.metadata.operationType === 'receive' && Address.parse(i.metadata.sentFrom).equals(ctx.wallet!)))
  const nobody = new Address(0, Buffer.alloc(32, 7)).toString()
  assert.equal((await history(ctx.api!, nobody, { chainId: TON_CAIP })).body, { data: [], next: null })
})

test('input: a cursor that is not the server\'s is refused with 400; one naming no transaction is a 502, as is a TON network not served', async (ctx) => {
  const owner = ctx.wallet!.toString()
  const foreign = Buffer.from(JSON.stringify({ ton: 1, lt: 'x', hash: 'y' })).toString('base64url')
  for (const cursor of ['!!', foreign, Buffer.from('[1]').toString('base64url')]) {
    const { status, body } = await history(ctx.api!, owner, { cursor })
    assert.is(status, 400)
    assert.match(JSON.stringify(body), /not a cursor from this API/)
  }
  const unknown = Buffer.from(JSON.stringify({ ton: 1, lt: '12345', hash: Buffer.alloc(32, 1).toString('base64') })).toString('base64url')
  assert.is((await history(ctx.api!, owner, { cursor: unknown })).status, 502)
  assert.is((await history(ctx.api!, owner, { chainId: 'ton:-3' })).status, 400)
})

test('input: an answer of the TON API that is not its shape is a 502 naming the read, never a 500 or a made-up item', async (ctx) => {
  const owner = ctx.wallet!.toString()
  try {
    for (const answer of [{ ok: true, result: [{ utime: 1, transaction_id: { lt: '1', hash: 'nope' }, fee: '0', out_msgs: [] }] }, { ok: true, result: 'nope' }, { ok: false, error: 'LITE_SERVER_UNKNOWN' }, null]) {
      ctx.fakeAnswer = answer
      const { status, body } = await history(ctx.api!, owner)
      assert.is(status, 502, JSON.stringify(body))
      assert.match(JSON.stringify(body), /TON API getTransactions/)
    }
  } finally {
    ctx.fakeAnswer = undefined
  }
})

test.run()
