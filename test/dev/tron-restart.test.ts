// npm start's promise for TRON: the local node on a state folder (dev/tron/persist.ts) survives a
// restart with its balances, tokens, blocks and transactions; a file it cannot read is put aside.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_TRC20, startTron, type LocalTron } from '../../dev/tron/index.ts'
import { hexToBytes, signDigest } from '../../dev/tron/crypto.ts'
import { tronApi, type TronTransaction } from '../../src/utils/tron/http.ts'
import { sendToken, sendTrx, trc20Balance, waitForReceipt } from '../../src/utils/tron/transfer.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite('dev: local TRON node restart')
const stateDir = mkdtempSync(join(tmpdir(), 'postern-tron-state-'))
let node: LocalTron | undefined

const watchdog = setTimeout(() => (console.error('tron-restart.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.after(async () => {
  await node?.stop()
  rmSync(stateDir, { recursive: true, force: true })
  clearTimeout(watchdog)
})

const start = async () => (node = await startTron({ stateDir, blockMs: 50 }))
const signer = (key: string) => async (tx: TronTransaction) => ({ ...tx, signature: [signDigest(hexToBytes(tx.txID), key)] })
const post = async (path: string, body: unknown) => (await fetch(`${node!.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<any>

test('behavior: balances, token holdings, transactions and blocks are the same after a restart; the demo accounts are not funded twice', async () => {
  await start()
  const [a, b, c] = node!.accounts
  let api = tronApi([node!.url])
  const trx = await sendTrx(api, signer(a!.privateKey), a!.address, b!.address, 1_500_000n)
  const usdt = await sendToken(api, signer(a!.privateKey), a!.address, DEMO_TRC20.address, c!.address, 3_000_000n, 50_000_000n)
  await waitForReceipt(api, trx)
  await waitForReceipt(api, usdt)
  const before = {
    a: await api.balance(a!.address),
    b: await api.balance(b!.address),
    c: (await trc20Balance(api, c!.address, DEMO_TRC20.address)).amount,
    info: await post('/wallet/gettransactioninfobyid', { value: trx }),
    head: (await post('/wallet/getnowblock', {})).block_header.raw_data.number as number,
  }
  const signedTrx = await post('/wallet/gettransactionbyid', { value: trx })
  await node!.stop()

  await start()
  api = tronApi([node!.url])
  assert.is(await api.balance(a!.address), before.a)
  assert.is(await api.balance(b!.address), before.b)
  assert.is(before.b, 10_001_500_000n)
  assert.is((await trc20Balance(api, c!.address, DEMO_TRC20.address)).amount, before.c)
  assert.equal(await post('/wallet/gettransactioninfobyid', { value: trx }), before.info)
  assert.ok((await post('/wallet/getnowblock', {})).block_header.raw_data.number >= before.head)
  // Its history still lists both, and a transaction already in the ledger is still a duplicate.
  const listed = await (await fetch(`${node!.url}/v1/accounts/${a!.address}/transactions`)).json() as any
  assert.equal(listed.data.map((t: any) => t.txID), [usdt, trx])
  assert.is((await post('/wallet/broadcasttransaction', signedTrx)).code, 'DUP_TRANSACTION_ERROR')
  // New transfers refer to the restored blocks (TaPoS) and go through.
  const after = await sendTrx(api, signer(b!.privateKey), b!.address, a!.address, 500_000n)
  await waitForReceipt(api, after)
  assert.is(await api.balance(b!.address) < before.b - 500_000n + 1n, true)
  await node!.stop()
  node = undefined
})

test('behavior: a state file that does not load is moved aside and the node starts fresh', async () => {
  writeFileSync(join(stateDir, 'ledger.json'), '{"version":1,"genesis":"nope"}')
  await start()
  assert.ok(existsSync(join(stateDir, 'ledger.json.corrupt')))
  const api = tronApi([node!.url])
  assert.is(await api.balance(node!.accounts[1]!.address), 10_000_000_000n)
})

test.run()
