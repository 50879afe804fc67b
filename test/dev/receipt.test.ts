// The local chains' set-up waits for its receipts with minedReceipt (dev/chains/receipt.ts). Played
// here: the block holding the transaction is mined while the waiter looks a block up (slow, as on
// a loaded machine), and no block follows it, as on an automining anvil with nothing else to do.
// viem's waitForTransactionReceipt drops that block and waits until its timeout (the set-up
// flakes); minedReceipt returns the receipt.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, http, parseEther, WaitForTransactionReceiptTimeoutError, type Hash } from 'viem'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'
import { demoAddresses } from '../../dev/chains/index.ts'
import { minedReceipt } from '../../dev/chains/receipt.ts'

const test = suite('dev/chains: set-up receipts')
let node: AnvilNode
let proxy: Server
let proxyUrl: string
/** What the proxy does the first time a waiter asks for a block, once armed. */
let onBlockLookUp: (() => Promise<void>) | undefined

const rpc = async (method: string, params: unknown[] = []) => {
  const res = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: unknown }).result
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.before(async () => {
  node = await startAnvil(31337)
  // In front of the node: a block look-up mines the pending block, then answers 300 ms late.
  proxy = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const lookUp = (JSON.parse(body) as { method: string }).method === 'eth_getBlockByNumber'
    if (lookUp && onBlockLookUp) {
      const act = onBlockLookUp
      onBlockLookUp = undefined
      await act()
      await sleep(300)
    }
    const answer = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
test.after(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await node?.stop()
})

/** A transaction left pending (mining off), to be mined at the waiter's first block look-up, or 500 ms after sending otherwise. */
async function pendingTransfer(): Promise<Hash> {
  await rpc('evm_setAutomine', [false])
  const [from, to] = demoAddresses()
  const hash = (await rpc('eth_sendTransaction', [{ from, to, value: `0x${parseEther('0.01').toString(16)}` }])) as Hash
  let mined = false
  const mine = async () => {
    if (mined) return
    mined = true
    await rpc('evm_mine')
    await rpc('evm_setAutomine', [true])
  }
  onBlockLookUp = mine
  setTimeout(() => void mine(), 500)
  return hash
}

const client = () => createPublicClient({ transport: http(proxyUrl, { retryCount: 0 }) })

test('the cause: viem\'s waiter misses a block mined during its replacement check, and no other block comes', async () => {
  const hash = await pendingTransfer()
  const outcome = await client().waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 3_000 }).catch((error: unknown) => error)
  assert.instance(outcome, WaitForTransactionReceiptTimeoutError)
  assert.ok(await rpc('eth_getTransactionReceipt', [hash]), 'the transaction was mined all along')
})

test('minedReceipt returns the receipt of a transaction mined while it waits', async () => {
  const hash = await pendingTransfer()
  const started = Date.now()
  const receipt = await minedReceipt(client(), hash, 3_000)
  assert.is(receipt.transactionHash, hash)
  assert.is(receipt.status, 'success')
  assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`)
})

test('minedReceipt fails with the hash when the transaction is never mined, after its time', async () => {
  await rpc('evm_setAutomine', [false])
  const [from, to] = demoAddresses()
  const hash = (await rpc('eth_sendTransaction', [{ from, to, value: '0x1' }])) as Hash
  const started = Date.now()
  const error = await minedReceipt(client(), hash, 400).catch((e: unknown) => e as Error)
  assert.instance(error, Error)
  assert.match((error as Error).message, `transaction ${hash} was not mined within 0.4 s`)
  assert.ok(Date.now() - started >= 400)
  await rpc('evm_setAutomine', [true])
})

test.run()
