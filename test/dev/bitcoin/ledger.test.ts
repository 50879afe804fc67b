// The regtest ledger and its Esplora API: signed transfers accepted and kept, every forged,
// double or overspending one refused with Bitcoin Core's words, and the answers in Esplora's shapes.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as btc from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils.js'
import { startBitcoin, REGTEST, DEMO_PAYMENT_SATS, type LocalBitcoin } from '../../../dev/bitcoin/index.ts'

const test = suite<{ node?: LocalBitcoin }>('dev/bitcoin ledger and Esplora API')

test.before(async (ctx) => {
  ctx.node = await startBitcoin({ blockIntervalMs: 60_000 })
})
test.after(async (ctx) => ctx.node?.stop())
let node0SecretKey = ''
test.before(({ node }) => void (node0SecretKey = node!.accounts[0]!.payment.secretKey))

/** A P2WPKH payment from demo account `i`'s payment address, signed with `signer`'s key (its own by default). */
function payment(node: LocalBitcoin, i: number, to: string, amount: bigint, opts: { signer?: number; fee?: bigint } = {}) {
  const from = node.accounts[i]!.payment
  const [utxo] = node.ledger.utxosOf(from.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(to, amount, REGTEST)
  tx.addOutputAddress(from.address, utxo!.value - amount - (opts.fee ?? 1_000n), REGTEST)
  if (opts.signer === undefined) {
    tx.sign(hexToBytes(from.secretKey))
  } else {
    // scure signs only inputs its key owns: the other key's signature over this very sighash is put in by hand.
    const thief = node.accounts[opts.signer]!.payment
    const twin = new btc.Transaction()
    twin.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: btc.p2wpkh(hexToBytes(thief.publicKey), REGTEST).script, amount: utxo!.value } })
    for (let o = 0; o < tx.outputsLength; o++) twin.addOutput(tx.getOutput(o) as never)
    twin.sign(hexToBytes(thief.secretKey))
    twin.finalize()
    tx.updateInput(0, { finalScriptWitness: [twin.getInput(0).finalScriptWitness![0]!, hexToBytes(from.publicKey)] })
    return tx.hex
  }
  tx.finalize()
  return tx.hex
}

const get = async (node: LocalBitcoin, path: string) => {
  const res = await fetch(`${node.url}${path}`)
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) }
}

test('the demo accounts are funded in a mined block; /address, /utxo, /blocks/tip/height and /fee-estimates answer as Esplora does', async ({ node }) => {
  const { address } = node!.accounts[0]!.payment
  const info = (await get(node!, `/address/${address}`)).json()
  assert.is(info.chain_stats.funded_txo_sum, Number(DEMO_PAYMENT_SATS))
  assert.is(info.mempool_stats.tx_count, 0)
  const utxos = (await get(node!, `/address/${address}/utxo`)).json()
  assert.is(utxos.length, 1)
  assert.is(utxos[0].status.confirmed, true)
  assert.is(utxos[0].value, Number(DEMO_PAYMENT_SATS))
  assert.is((await get(node!, '/blocks/tip/height')).text, '1')
  assert.ok(Object.values((await get(node!, '/fee-estimates')).json()).every((rate) => typeof rate === 'number'))
})

test('a transfer signed by the owner is accepted into the mempool, then mined; the receiver holds the output', async ({ node }) => {
  const to = node!.accounts[1]!.ordinal.address
  const hex = payment(node!, 0, to, 25_000n)
  const post = await fetch(`${node!.url}/tx`, { method: 'POST', body: hex })
  const txid = await post.text()
  assert.is(post.status, 200)
  assert.is((await get(node!, `/tx/${txid}/hex`)).text, hex)
  const tx = (await get(node!, `/tx/${txid}`)).json()
  assert.equal(tx.status, { confirmed: false })
  assert.is(tx.fee, 1000)
  assert.ok(tx.vout.some((o: any) => o.scriptpubkey_address === to && o.value === 25_000 && o.scriptpubkey_type === 'v1_p2tr'))
  assert.is(tx.vin[0].prevout.scriptpubkey_type, 'v0_p2wpkh')
  node!.ledger.mine()
  assert.is((await get(node!, `/tx/${txid}/status`)).json().confirmed, true)
  assert.is((await get(node!, `/address/${to}/txs`)).json()[0].txid, txid)
})

test('protection: a transfer signed with another key is refused and the output stays unspent', async ({ node }) => {
  const victim = node!.accounts[2]!.payment.address
  const hex = payment(node!, 2, node!.accounts[3]!.payment.address, 50_000n, { signer: 3 })
  const post = await fetch(`${node!.url}/tx`, { method: 'POST', body: hex })
  assert.is(post.status, 400)
  assert.match(await post.text(), /^sendrawtransaction RPC error: .*mandatory-script-verify-flag-failed/)
  assert.is(node!.ledger.utxosOf(victim)[0]!.value, DEMO_PAYMENT_SATS)
})

test('protection: a double spend and garbage are refused', async ({ node }) => {
  const to = node!.accounts[4]!.payment.address
  const first = payment(node!, 3, to, 10_000n)
  const second = payment(node!, 3, to, 20_000n)
  assert.is((await fetch(`${node!.url}/tx`, { method: 'POST', body: first })).status, 200)
  const again = await fetch(`${node!.url}/tx`, { method: 'POST', body: second })
  assert.is(again.status, 400)
  assert.match(await again.text(), /txn-mempool-conflict/)
  assert.match(await (await fetch(`${node!.url}/tx`, { method: 'POST', body: 'zz' })).text(), /TX decode failed/)
  assert.is((await get(node!, `/tx/${'0'.repeat(64)}`)).status, 404)
  assert.is((await get(node!, '/address/<script>')).status, 400)
})

test('a ledger with mainnet\'s encoding funds the demo accounts\' bc1 addresses under mainnet\'s chain id and keeps a signed mainnet payment', async () => {
  const mainnet = await startBitcoin({ mainnet: true, blockIntervalMs: 60_000 })
  try {
    const from = mainnet.accounts[0]!.payment
    assert.is(mainnet.caipNetworkId, 'bip122:000000000019d6689c085ae165831e93')
    assert.match(from.address, /^bc1q/)
    assert.is(from.secretKey, node0SecretKey, 'the same demo keys as on regtest')
    const [utxo] = mainnet.ledger.utxosOf(from.address)
    assert.is(utxo!.value, DEMO_PAYMENT_SATS)
    const to = mainnet.accounts[1]!.ordinal.address
    const tx = new btc.Transaction()
    tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
    tx.addOutputAddress(to, 40_000n)
    tx.addOutputAddress(from.address, utxo!.value - 41_000n)
    tx.sign(hexToBytes(from.secretKey))
    tx.finalize()
    assert.is(mainnet.ledger.submit(tx.hex), tx.id)
    const utxos = await (await fetch(`${mainnet.url}/address/${to}/utxo`)).json()
    assert.ok(utxos.some((u: { txid: string; value: number }) => u.txid === tx.id && u.value === 40_000), 'the Esplora API lists the output under the bc1p address')
    assert.throws(() => mainnet.ledger.fund([{ address: mainnet.accounts[0]!.payment.address.replace(/^bc1/, 'bcrt1'), sats: 1n }]))
  } finally {
    await mainnet.stop()
  }
})

test('a ledger with testnet\'s encoding funds the demo accounts\' tb1 addresses under testnet\'s chain id, from testnet\'s genesis', async () => {
  const testnet = await startBitcoin({ network: 'testnet', blockIntervalMs: 60_000 })
  try {
    const from = testnet.accounts[0]!.payment
    assert.equal([testnet.caipNetworkId, testnet.encoding], ['bip122:000000000933ea01ad0ee984209779ba', 'testnet'])
    assert.match(from.address, /^tb1q/)
    assert.is(from.secretKey, node0SecretKey, 'the same demo keys as on regtest')
    assert.is(testnet.ledger.blocks[0]!.hash.slice(0, 32), testnet.caipNetworkId.slice(7), 'the CAIP-2 id is its genesis hash\'s start')
    assert.is(testnet.ledger.utxosOf(from.address)[0]!.value, DEMO_PAYMENT_SATS)
    assert.throws(() => testnet.ledger.fund([{ address: from.address.replace(/^tb1/, 'bcrt1'), sats: 1n }]))
  } finally {
    await testnet.stop()
  }
})

test.run()
