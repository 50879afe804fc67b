// The local TRON node (dev/tron) over HTTP, as TronGrid answers: accounts, transfers built with
// real raw data and accepted only when signed by the sender, TRC-20 reads and transfers, blocks.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startTron, DEMO_TRC20, type LocalTron } from '../../dev/tron/index.ts'
import { hexToBytes, signDigest, toHexAddress, transactionId } from '../../dev/tron/crypto.ts'
import { tronApi } from '../../src/utils/tron/http.ts'
import { sendToken, sendTrx, trc20Balance, waitForReceipt } from '../../src/utils/tron/transfer.ts'

const test = suite('dev: local TRON node')
let node: LocalTron

test.before(async () => {
  node = await startTron({ blockMs: 100 })
})
test.after(async () => {
  await node?.stop()
})

const post = async (path: string, body: unknown) => (await fetch(`${node.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<any>
const sign = (tx: any, key: string) => ({ ...tx, signature: [signDigest(hexToBytes(tx.txID), key)] })
const a = () => node.accounts[0]!
const b = () => node.accounts[1]!
const c = () => node.accounts[2]!

test('behavior: getaccount answers the demo balance in sun, {} for an address never funded', async () => {
  assert.equal(await post('/wallet/getaccount', { address: a().address, visible: true }).then((r) => r.balance), 10_000_000_000)
  assert.equal(await post('/wallet/getaccount', { address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', visible: true }), {})
})

test('behavior: createtransaction builds a transfer whose txID is the SHA-256 of its protobuf raw data', async () => {
  const tx = await post('/wallet/createtransaction', { owner_address: a().address, to_address: b().address, amount: 1000, visible: true })
  assert.is(tx.txID, transactionId(tx.raw_data_hex))
  assert.is(tx.raw_data.contract[0].type, 'TransferContract')
  assert.equal(tx.raw_data.contract[0].parameter.value, { amount: 1000, owner_address: a().address, to_address: b().address })
  // The raw bytes hold the 21-byte addresses (0x41…) and the amount.
  assert.ok(tx.raw_data_hex.includes(toHexAddress(a().address)) && tx.raw_data_hex.includes(toHexAddress(b().address)))
  assert.match((await post('/wallet/createtransaction', { owner_address: a().address, to_address: a().address, amount: 1, visible: true })).Error, /Cannot transfer TRX to yourself/)
})

test('behavior: a broadcast signed by another key, or with raw data that differs from what was signed, is refused; nothing moves', async () => {
  const before = node.ledger.balances.get(toHexAddress(b().address))
  const tx = await post('/wallet/createtransaction', { owner_address: a().address, to_address: b().address, amount: 5000, visible: true })
  const forged = await post('/wallet/broadcasttransaction', sign(tx, b().privateKey))
  assert.is(forged.code, 'SIGERROR')
  // The JSON says 5000 to b; the bytes (signed) are swapped for a transfer to c.
  const other = await post('/wallet/createtransaction', { owner_address: a().address, to_address: c().address, amount: 5000, visible: true })
  const swapped = await post('/wallet/broadcasttransaction', { ...sign(other, a().privateKey), raw_data: tx.raw_data })
  assert.is(swapped.code, 'OTHER_ERROR')
  const wrongId = await post('/wallet/broadcasttransaction', { ...sign(tx, a().privateKey), txID: other.txID })
  assert.is(wrongId.code, 'OTHER_ERROR')
  assert.is(node.ledger.balances.get(toHexAddress(b().address)), before)
  const ok = await post('/wallet/broadcasttransaction', sign(tx, a().privateKey))
  assert.equal(ok, { result: true, txid: tx.txID })
  assert.is((await post('/wallet/broadcasttransaction', sign(tx, a().privateKey))).code, 'DUP_TRANSACTION_ERROR')
  assert.is(node.ledger.balances.get(toHexAddress(b().address)), before! + 5000n)
})

test('behavior: Postern\'s client sends TRX end to end; the receipt comes with the block', async () => {
  const api = tronApi([node.url])
  const before = await api.balance(c().address)
  const txID = await sendTrx(api, async (tx) => sign(tx, a().privateKey), a().address, c().address, 123_456n)
  await waitForReceipt(api, txID)
  assert.is(await api.balance(c().address), before + 123_456n)
  const byId = await post('/wallet/gettransactionbyid', { value: txID })
  assert.equal(byId.ret, [{ contractRet: 'SUCCESS' }])
})

test('behavior: a client refuses what a node built other than the transfer asked for, and a wallet answer other than it signed', async () => {
  const api = tronApi([node.url])
  const lying = { ...api, createTransfer: (from: string, _to: string, amount: bigint) => api.createTransfer(from, c().address, amount) }
  let asked = false
  await sendTrx(lying, async () => ((asked = true), {}), a().address, b().address, 10n).then(() => assert.unreachable(), (e) => assert.match(e.message, /other than the transfer asked for/))
  assert.is(asked, false, 'the wallet is never asked to sign it')
  await sendTrx(api, async (tx) => ({ ...sign(tx, a().privateKey), raw_data_hex: `${tx.raw_data_hex}00` }), a().address, b().address, 10n).then(() => assert.unreachable(), (e) => assert.match(e.message, /invalid response/))
})

test('behavior: TRC-20 balanceOf, decimals and symbol by constant calls; a transfer moves tokens and burns energy', async () => {
  const api = tronApi([node.url])
  assert.equal(await trc20Balance(api, a().address, DEMO_TRC20.address), { amount: 1_000_000_000n, decimals: 6, symbol: 'USDT' })
  const parameter = `${toHexAddress(b().address).slice(2).padStart(64, '0')}${(2_000_000n).toString(16).padStart(64, '0')}`
  const built = await post('/wallet/triggersmartcontract', { owner_address: a().address, contract_address: DEMO_TRC20.address, function_selector: 'transfer(address,uint256)', parameter, fee_limit: 100_000_000, visible: true })
  assert.equal(built.result, { result: true })
  assert.equal(await post('/wallet/broadcasttransaction', sign(built.transaction, a().privateKey)), { result: true, txid: built.transaction.txID })
  await waitForReceipt(api, built.transaction.txID)
  assert.is((await trc20Balance(api, b().address, DEMO_TRC20.address)).amount, 1_002_000_000n)
  const info = await post('/wallet/gettransactioninfobyid', { value: built.transaction.txID })
  assert.is(info.receipt.result, 'SUCCESS')
  assert.ok(info.fee > 0)
})

test('behavior: Postern\'s client sends a TRC-20 transfer; one the node built for another receiver or amount is never signed', async () => {
  const api = tronApi([node.url])
  const before = (await trc20Balance(api, c().address, DEMO_TRC20.address)).amount
  const txID = await sendToken(api, async (tx) => sign(tx, a().privateKey), a().address, DEMO_TRC20.address, c().address, 5n, 50_000_000n)
  await waitForReceipt(api, txID)
  assert.is((await trc20Balance(api, c().address, DEMO_TRC20.address)).amount, before + 5n)
  let asked = 0
  const swap = (parameter: string) => `${toHexAddress(b().address).slice(2).padStart(64, '0')}${parameter.slice(64)}`
  const lying = { ...api, createTokenTransfer: (from: string, contract: string, parameter: string, fee: bigint) => api.createTokenTransfer(from, contract, swap(parameter), fee) }
  await sendToken(lying, async () => ((asked += 1), {}), a().address, DEMO_TRC20.address, c().address, 5n, 50_000_000n).then(() => assert.unreachable(), (e) => assert.match(e.message, /other than the transfer asked for/))
  assert.is(asked, 0)
})

test('behavior: TronGrid\'s v1 account history lists the account\'s transfers newest first, paged by fingerprint; TRC-20 events name both sides', async () => {
  const get = async (path: string) => {
    const res = await fetch(`${node.url}${path}`)
    return { status: res.status, body: (await res.json()) as any }
  }
  const api = tronApi([node.url])
  const sent = await sendTrx(api, async (tx) => sign(tx, c().privateKey), c().address, b().address, 4_321n)
  await waitForReceipt(api, sent)
  const all = (await get(`/v1/accounts/${c().address}/transactions?limit=200`)).body
  assert.is(all.success, true)
  assert.is(all.data[0].txID, sent, 'newest first')
  assert.equal(all.data[0].raw_data.contract[0].parameter.value, { amount: 4_321, owner_address: toHexAddress(c().address), to_address: toHexAddress(b().address) })
  assert.is(all.meta.fingerprint, undefined, 'no next page')
  // One at a time: the fingerprint walks the same list.
  const walked: string[] = []
  let fingerprint = ''
  do {
    const page = (await get(`/v1/accounts/${c().address}/transactions?limit=1${fingerprint && `&fingerprint=${fingerprint}`}`)).body
    walked.push(...page.data.map((t: any) => t.txID))
    fingerprint = page.meta.fingerprint ?? ''
  } while (fingerprint && walked.length < 50)
  assert.equal(walked, all.data.map((t: any) => t.txID))
  assert.equal((await get(`/v1/accounts/${c().address}/transactions?only_to=true`)).body.data.every((t: any) => t.raw_data.contract[0].parameter.value.to_address === toHexAddress(c().address)), true)
  const events = (await get(`/v1/accounts/${c().address}/transactions/trc20`)).body.data
  assert.ok(events.length > 0 && events.every((e: any) => e.type === 'Transfer' && e.token_info.address === DEMO_TRC20.address && (e.to === c().address || e.from === c().address)))
  assert.is((await get('/v1/accounts/Tnope/transactions')).status, 400)
  assert.is((await get(`/v1/accounts/${c().address}/transactions?fingerprint=bad!`)).status, 400)
})

test('behavior: getnowblock advances; its number and id are TRON\'s shape', async () => {
  const first = await post('/wallet/getnowblock', {})
  await new Promise((r) => setTimeout(r, 250))
  const later = await post('/wallet/getnowblock', {})
  assert.ok(later.block_header.raw_data.number > first.block_header.raw_data.number)
  assert.match(later.blockID, /^[0-9a-f]{64}$/)
  assert.is(parseInt(later.blockID.slice(0, 16), 16), later.block_header.raw_data.number)
  assert.is((await post('/wallet/getblockbynum', { num: 0 })).blockID.slice(-8), '504f5354')
})

test.run()
