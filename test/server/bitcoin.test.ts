// The reference server's Bitcoin reads from an Esplora API (BITCOIN_ESPLORA_URL): here the dev
// stack's regtest ledger. Balance and history of a Bitcoin address, the chain ids served, the
// environment variables, and an Esplora that fails is a 502, never a 500.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { startBitcoin, REGTEST, REGTEST_CAIP, TESTNET_CAIP, type LocalBitcoin } from '../../dev/bitcoin/index.ts'

const test = suite<{ node?: LocalBitcoin; api?: ApiServer; broken?: ApiServer }>('server: Bitcoin from Esplora', {})

test.before(async (ctx) => {
  ctx.node = await startBitcoin({ blockIntervalMs: 60_000 })
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, bitcoinEsploraUrl: ctx.node.url, bitcoinChainIds: [REGTEST_CAIP] })
  ctx.broken = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, bitcoinEsploraUrl: 'http://127.0.0.1:9', bitcoinChainIds: [REGTEST_CAIP] })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.broken?.stop()
  await ctx.node?.stop()
})

const get = (api: ApiServer, path: string) => fetch(`${api.url}${path}`).then(async (r) => ({ status: r.status, body: await r.json() as any }))

test('behavior: the BTC balance of a bech32 address, with or without the chain id; another chain id is refused', async ({ node, api }) => {
  const { address } = node!.accounts[0]!.payment
  for (const query of [`chainId=${REGTEST_CAIP}&`, '']) {
    const { status, body } = await get(api!, `/v1/account/${address}/balance?${query}projectId=test&currency=usd`)
    assert.is(status, 200)
    assert.equal(body.balances.map((b: any) => [b.symbol, b.name, b.chainId, b.quantity]), [['BTC', 'Bitcoin', REGTEST_CAIP, { decimals: '8', numeric: '10' }]])
  }
  const other = await get(api!, `/v1/account/${address}/balance?chainId=bip122:000000000019d6689c085ae165831e93&projectId=test`)
  assert.is(other.status, 400)
})

test('behavior: further networks (bitcoinEsploraUrls) are each read from their own Esplora API; one not configured is refused', async ({ node }) => {
  const testnet = await startBitcoin({ network: 'testnet', blockIntervalMs: 60_000 })
  const api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, bitcoinEsploraUrl: node!.url, bitcoinChainIds: [REGTEST_CAIP], bitcoinEsploraUrls: { [TESTNET_CAIP]: testnet.url } })
  try {
    const on = testnet.accounts[0]!.payment.address
    testnet.ledger.fund([{ address: on, sats: 50_000_000n }])
    const read = (address: string, chain: string) => get(api, `/v1/account/${address}/balance?chainId=${chain}&projectId=test`)
    assert.equal((await read(on, TESTNET_CAIP)).body.balances.map((b: any) => `${b.chainId}:${b.quantity.numeric}`), [`${TESTNET_CAIP}:10.5`])
    assert.equal((await read(node!.accounts[4]!.payment.address, REGTEST_CAIP)).body.balances.map((b: any) => `${b.chainId}:${b.quantity.numeric}`), [`${REGTEST_CAIP}:10`])
    // The regtest ledger knows nothing of the tb1 address: the network's own API answered above.
    assert.equal((await read(on, REGTEST_CAIP)).body.balances, [])
    const history = await get(api, `/v1/account/${on}/history?chainId=${TESTNET_CAIP}&projectId=test`)
    assert.equal(history.body.data.map((t: any) => `${t.id.split(':').slice(0, 2).join(':')}:${t.transfers[0].quantity.numeric}`), [`${TESTNET_CAIP}:0.5`, `${TESTNET_CAIP}:10`])
    assert.is((await read(on, 'bip122:000000000019d6689c085ae165831e93')).status, 400)
  } finally {
    await api.stop()
    await testnet.stop()
  }
})

test('behavior: the history lists a payment as a send for the payer and a receive for the payee, mempool first', async ({ node, api }) => {
  const from = node!.accounts[1]!.payment
  const to = node!.accounts[2]!.ordinal.address
  const [utxo] = node!.ledger.utxosOf(from.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(to, 70_000n, REGTEST)
  tx.addOutputAddress(from.address, utxo!.value - 70_000n - 500n, REGTEST)
  tx.sign(hexToBytes(from.secretKey))
  tx.finalize()
  const txid = node!.ledger.submit(tx.hex)
  const sent = await get(api!, `/v1/account/${from.address}/history?projectId=test&chainId=${REGTEST_CAIP}`)
  assert.is(sent.status, 200)
  const [first] = sent.body.data
  assert.equal([first.id, first.metadata.operationType, first.metadata.status, first.metadata.sentTo, first.transfers[0].direction, first.transfers[0].quantity.numeric], [`${REGTEST_CAIP}:${txid}`, 'send', 'pending', to, 'out', '0.0007'])
  const received = await get(api!, `/v1/account/${to}/history?projectId=test`)
  assert.equal([received.body.data[0].metadata.operationType, received.body.data[0].metadata.sentFrom, received.body.data[0].transfers[0].quantity.numeric], ['receive', from.address, '0.0007'])
  node!.ledger.mine()
  const mined = await get(api!, `/v1/account/${to}/history?projectId=test`)
  assert.is(mined.body.data[0].metadata.status, 'confirmed')
})

test('behavior: the history pages past Esplora\'s first page (mempool + 25 confirmed) through its last_seen_txid pages of 25, each transaction once, newest first', async ({ node, api }) => {
  const { address } = node!.accounts[4]!.ordinal
  // 61 payments to the address (the demo funding among them), each in a block of its own, one more in the mempool.
  const funded = Array.from({ length: 60 }, (_, i) => node!.ledger.fund([{ address, sats: BigInt(1_000 + i) }]))
  const payer = node!.accounts[4]!.payment
  const [utxo] = node!.ledger.utxosOf(payer.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(address, 5_000n, REGTEST)
  tx.addOutputAddress(payer.address, utxo!.value - 5_500n, REGTEST)
  tx.sign(hexToBytes(payer.secretKey))
  tx.finalize()
  const pending = node!.ledger.submit(tx.hex)
  const expected = node!.ledger.txsOf(address).map((t) => t.txid)
  assert.is(expected.length, 62)
  assert.equal(expected.slice(0, 2), [pending, funded.at(-1)])
  const pages: string[][] = []
  let cursor: string | null | undefined
  do {
    const { status, body } = await get(api!, `/v1/account/${address}/history?projectId=test&chainId=${REGTEST_CAIP}${cursor ? `&cursor=${cursor}` : ''}`)
    assert.is(status, 200, JSON.stringify(body))
    pages.push(body.data.map((t: any) => t.metadata.hash))
    cursor = body.next
  } while (cursor && pages.length < 10)
  assert.equal(pages.map((p) => p.length), [26, 25, 11])
  assert.equal(pages.flat(), expected)
  const bad = await get(api!, `/v1/account/${address}/history?projectId=test&chainId=${REGTEST_CAIP}&cursor=${Buffer.from(JSON.stringify({ after: 'x' })).toString('base64url')}`)
  assert.equal([bad.status, bad.body.reason], [400, 'cursor: is not a cursor from this API'])
})

test('protection: an Esplora API that does not answer is a 502 with a reason, never a 500', async ({ node, broken }) => {
  const { address } = node!.accounts[0]!.payment
  for (const route of ['balance', 'history']) {
    const { status, body } = await get(broken!, `/v1/account/${address}/${route}?projectId=test`)
    assert.is(status, 502, route)
    assert.match(body.reason, /chain read failed/)
  }
})

test('BITCOIN_ESPLORA_URL and BITCOIN_CHAIN_IDS configure it; a bad URL names the variable', () => {
  const config = configFromEnv({ BITCOIN_ESPLORA_URL: 'https://blockstream.info/api', BITCOIN_CHAIN_IDS: `${REGTEST_CAIP}` })
  assert.is(config.bitcoinEsploraUrl, 'https://blockstream.info/api')
  assert.equal(config.bitcoinChainIds, [REGTEST_CAIP])
  assert.equal(configFromEnv({ BITCOIN_ESPLORA_URL: 'https://mempool.space/api' }).bitcoinChainIds, ['bip122:000000000019d6689c085ae165831e93'])
  assert.throws(() => configFromEnv({ BITCOIN_ESPLORA_URL: 'not a url' }), /BITCOIN_ESPLORA_URL/)
})

test('BITCOIN_ESPLORA_URLS gives further networks their own Esplora API; a bad entry names the variable', () => {
  const config = configFromEnv({ BITCOIN_ESPLORA_URLS: `${REGTEST_CAIP}=http://127.0.0.1:3002, ${TESTNET_CAIP}=https://mempool.space/testnet/api?x=1` })
  assert.equal(config.bitcoinEsploraUrls, { [REGTEST_CAIP]: 'http://127.0.0.1:3002', [TESTNET_CAIP]: 'https://mempool.space/testnet/api?x=1' })
  assert.is(configFromEnv({}).bitcoinEsploraUrls, undefined)
  for (const bad of [`${REGTEST_CAIP}`, `eip155:1=https://x.example`, `${REGTEST_CAIP}=not a url`, `${REGTEST_CAIP}=ftp://x.example`, `bip122:123=https://x.example`]) {
    assert.throws(() => configFromEnv({ BITCOIN_ESPLORA_URLS: bad }), /BITCOIN_ESPLORA_URLS/, bad)
  }
})

test('behavior: BITCOIN_ESPLORA_URLS alone (no BITCOIN_ESPLORA_URL) serves exactly its networks', async ({ node }) => {
  const { address } = node!.accounts[0]!.payment
  const { bitcoinEsploraUrls } = configFromEnv({ BITCOIN_ESPLORA_URLS: `${REGTEST_CAIP}=${node!.url}` })
  const api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, bitcoinEsploraUrls })
  try {
    const ok = await get(api, `/v1/account/${address}/balance?projectId=test&chainId=${REGTEST_CAIP}`)
    assert.equal(ok.body.balances.map((b: any) => `${b.chainId}:${b.quantity.numeric}`), [`${REGTEST_CAIP}:10`])
    assert.is((await get(api, `/v1/account/${address}/balance?projectId=test&chainId=${TESTNET_CAIP}`)).status, 400)
  } finally {
    await api.stop()
  }
})

test.run()
