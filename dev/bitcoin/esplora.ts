// The ledger behind an Esplora-compatible HTTP API (the subset the modal, the wallets and the
// reference server use), with Blockstream's JSON shapes and plain-text answers where it has them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import * as btc from '@scure/btc-signer'
import { bytesToHex } from '@noble/hashes/utils.js'
import { listenOnLoopback, readBody } from '../lib/http.ts'
import { RejectedTransaction, type BitcoinLedger, type Output, type TxRecord } from './ledger.ts'

const MAX_BODY_BYTES = 1 << 20
/** The fee rates (sat/vB) the local node estimates, per confirmation target in blocks. */
export const FEE_ESTIMATES: Record<string, number> = { '1': 3, '2': 3, '3': 2, '6': 2, '144': 1, '504': 1, '1008': 1 }

const TYPES: Record<string, string> = { wpkh: 'v0_p2wpkh', tr: 'v1_p2tr', pkh: 'p2pkh', sh: 'p2sh', wsh: 'v0_p2wsh', pk: 'p2pk' }
function scriptType(script: Uint8Array): string {
  if (script[0] === 0x6a) return 'op_return'
  try {
    return TYPES[btc.OutScript.decode(script).type] ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

const outJson = (o: Output) => ({ scriptpubkey: bytesToHex(o.script), scriptpubkey_type: scriptType(o.script), ...(o.address && { scriptpubkey_address: o.address }), value: Number(o.value) })
const statusJson = (t: TxRecord) => (t.block ? { confirmed: true, block_height: t.block.height, block_hash: t.block.hash, block_time: t.block.time } : { confirmed: false })

export function txJson(t: TxRecord) {
  return {
    txid: t.txid,
    version: t.version,
    locktime: t.lockTime,
    vin: t.coinbase
      ? [{ txid: '0'.repeat(64), vout: 0xffffffff, prevout: null, scriptsig: '', witness: [], is_coinbase: true, sequence: 0xffffffff }]
      : t.inputs.map((i) => ({ txid: i.txid, vout: i.vout, prevout: outJson(i.prevout!), scriptsig: bytesToHex(i.scriptSig), witness: i.witness.map(bytesToHex), is_coinbase: false, sequence: i.sequence })),
    vout: t.outputs.map(outJson),
    size: t.raw.length,
    weight: t.weight,
    fee: Number(t.fee),
    status: statusJson(t),
  }
}

function stats(ledger: BitcoinLedger, address: string, confirmed: boolean) {
  const txs = ledger.txsOf(address).filter((t) => !!t.block === confirmed)
  const funded = txs.flatMap((t) => t.outputs.filter((o) => o.address === address))
  const spent = txs.flatMap((t) => t.inputs.map((i) => i.prevout!).filter((o) => o.address === address))
  const sum = (list: Output[]) => Number(list.reduce((s, o) => s + o.value, 0n))
  return { funded_txo_count: funded.length, funded_txo_sum: sum(funded), spent_txo_count: spent.length, spent_txo_sum: sum(spent), tx_count: txs.length }
}

const ADDRESS = /^[a-zA-Z0-9]{14,100}$/

/**
 * Esplora's pages of an address's transactions: /txs is the mempool's (up to 50) then the newest 25
 * confirmed; /txs/chain[/:last_seen_txid] the 25 confirmed after that one; /txs/mempool the mempool's.
 */
function addressTxs(ledger: BitcoinLedger, address: string, rest: string[]): TxRecord[] | undefined {
  const all = ledger.txsOf(address)
  const pending = all.filter((t) => !t.block)
  const confirmed = all.filter((t) => t.block)
  if (rest.length === 0) return [...pending.slice(0, 50), ...confirmed.slice(0, 25)]
  if (rest[0] === 'mempool' && rest.length === 1) return pending.slice(0, 50)
  if (rest[0] !== 'chain' || rest.length > 2) return undefined
  const from = rest[1] ? confirmed.findIndex((t) => t.txid === rest[1]) + 1 : 0
  return from === 0 && rest[1] ? [] : confirmed.slice(from, from + 25)
}
const TXID = /^[0-9a-f]{64}$/

/** Answers one request: [status, body]; objects are sent as JSON, strings as text. */
export async function handleEsplora(ledger: BitcoinLedger, method: string, path: string, body: () => Promise<string>): Promise<[number, unknown]> {
  const parts = path.split('?')[0]!.split('/').filter(Boolean)
  if (method === 'POST' && parts.length === 1 && parts[0] === 'tx') {
    try {
      return [200, ledger.submit(await body())]
    } catch (error) {
      if (error instanceof RejectedTransaction) return [400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`]
      throw error
    }
  }
  if (method !== 'GET') return [405, 'Method Not Allowed']
  const [a, b, c] = parts
  if (a === 'blocks' && b === 'tip' && c === 'height') return [200, String(ledger.tip.height)]
  if (a === 'blocks' && b === 'tip' && c === 'hash') return [200, ledger.tip.hash]
  if (a === 'block-height' && b && /^\d+$/.test(b)) {
    const block = ledger.blocks[Number(b)]
    return block ? [200, block.hash] : [404, 'Block not found']
  }
  if (a === 'fee-estimates' && !b) return [200, FEE_ESTIMATES]
  if (a === 'address' && b) {
    if (!ADDRESS.test(b)) return [400, 'Invalid Bitcoin address']
    if (!c) return [200, { address: b, chain_stats: stats(ledger, b, true), mempool_stats: stats(ledger, b, false) }]
    if (c === 'utxo') return [200, ledger.utxosOf(b).map((o) => ({ txid: o.txid, vout: o.vout, status: statusJson(ledger.txs.get(o.txid)!), value: Number(o.value) }))]
    const list = c === 'txs' ? addressTxs(ledger, b, parts.slice(3)) : undefined
    if (list) return [200, list.map(txJson)]
  }
  if (a === 'tx' && b) {
    const tx = TXID.test(b) ? ledger.txs.get(b) : undefined
    if (!tx) return [404, 'Transaction not found']
    if (!c) return [200, txJson(tx)]
    if (c === 'hex') return [200, bytesToHex(tx.raw)]
    if (c === 'status') return [200, statusJson(tx)]
  }
  return [404, 'Not Found']
}

export function startEsploraServer(ledger: BitcoinLedger, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Pages on other origins (the demo, e2e pages) read it from the browser, as they read a public Esplora.
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' }).end()
      return
    }
    handleEsplora(ledger, req.method ?? 'GET', req.url ?? '/', () => readBody(req, MAX_BODY_BYTES)).then(
      ([status, body]) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body)
        res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }).end(text)
      },
      (error) => {
        console.error('[bitcoin esplora]', error)
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error')
      },
    )
  })
  return listenOnLoopback(server, port).then((url) => ({ server, url }))
}
