// The local TRON node's HTTP API: the /wallet/* subset of java-tron's full node that wallets and
// sites use, answering as TronGrid does (objects, `{}` for nothing found, hex-encoded messages).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback, readBody } from '../lib/http.ts'
import { anyToHex, toBase58Address } from './crypto.ts'
import type { TronLedger } from './ledger.ts'
import { accountHistory } from './account-history.ts'

const MAX_BODY_BYTES = 1 << 20
type Body = Record<string, unknown>
type Handler = (body: Body, ledger: TronLedger) => unknown

const validateError = (message: string) => ({ Error: `class org.tron.core.exception.ContractValidateException : ${message}` })
const hexMessage = (text: string) => Buffer.from(text, 'utf8').toString('hex')
const address = (hex: string, visible: boolean) => (visible ? toBase58Address(hex) : hex)

function block(ledger: TronLedger, number: number): Body {
  const b = ledger.blocks[number]
  if (!b) return {}
  return {
    blockID: b.blockID,
    block_header: { raw_data: { number: b.number, txTrieRoot: '0'.repeat(64), witness_address: '41'.padEnd(42, '0'), parentHash: b.parentHash, version: 30, timestamp: b.timestamp } },
    ...(b.txIDs.length ? { transactions: b.txIDs.map((id) => ledger.transactions.get(id)!.tx) } : {}),
  }
}

const ROUTES: Record<string, Handler> = {
  '/wallet/getnowblock': (_b, ledger) => block(ledger, ledger.head.number),
  '/wallet/getblockbynum': (b, ledger) => block(ledger, Number(b['num'] ?? -1)),
  '/wallet/getaccount': (b, ledger) => {
    const hex = anyToHex(b['address'])
    if (!hex || !ledger.created.has(hex)) return {}
    const balance = ledger.balances.get(hex) ?? 0n
    return { address: address(hex, b['visible'] === true), ...(balance ? { balance: Number(balance) } : {}), create_time: ledger.created.get(hex) }
  },
  '/wallet/createtransaction': (b, ledger) => {
    const owner = anyToHex(b['owner_address'])
    const to = anyToHex(b['to_address'])
    if (!owner || !to) return validateError('Invalid address')
    const amount = b['amount']
    const problem = typeof amount === 'number' ? ledger.validateTransfer(owner, to, amount) : 'amount must be a number'
    if (problem) return validateError(problem)
    return ledger.build({ type: 'TransferContract', owner, to, amount: amount as number }, b['visible'] === true)
  },
  '/wallet/broadcasttransaction': (b, ledger) => ledger.broadcast(b),
  '/wallet/gettransactionbyid': (b, ledger) => ledger.transactions.get(String(b['value'] ?? '').toLowerCase())?.tx ?? {},
  '/wallet/gettransactioninfobyid': (b, ledger) => {
    const t = ledger.transactions.get(String(b['value'] ?? '').toLowerCase())
    if (!t?.block) return {}
    const receipt = t.call.type === 'TransferContract'
      ? { net_usage: t.fee ? undefined : t.bandwidth, net_fee: t.fee ? Number(t.fee) : undefined }
      : { energy_fee: t.energy * 420, energy_usage_total: t.energy, net_usage: t.bandwidth, result: t.result }
    return { id: t.tx.txID, ...(t.fee ? { fee: Number(t.fee) } : {}), blockNumber: t.block.number, blockTimeStamp: t.block.timestamp, contractResult: [''], receipt, ...(t.result === 'REVERT' ? { result: 'FAILED' } : {}) }
  },
  '/wallet/triggerconstantcontract': (b, ledger) => {
    const contract = anyToHex(b['contract_address'])
    const owner = anyToHex(b['owner_address']) ?? '41'.padEnd(42, '0')
    if (!contract || typeof b['function_selector'] !== 'string') return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('Invalid contract address or function selector') } }
    const out = ledger.constantCall(contract, b['function_selector'], String(b['parameter'] ?? ''))
    if (out === undefined) return { result: { code: 'CONTRACT_EXE_ERROR', message: hexMessage('REVERT opcode executed') }, constant_result: [''] }
    return { result: { result: true }, energy_used: 0, constant_result: [out] }
  },
  '/wallet/triggersmartcontract': (b, ledger) => {
    const owner = anyToHex(b['owner_address'])
    const contract = anyToHex(b['contract_address'])
    const selector = b['function_selector']
    const parameter = String(b['parameter'] ?? '')
    if (!owner || !contract || typeof selector !== 'string' || !/^[0-9a-fA-F]*$/.test(parameter)) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('Invalid address, selector or parameter') } }
    if (contract !== ledger.token.address) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('Smart contract is not exist.') } }
    if (selector !== 'transfer(address,uint256)') return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage(`${selector} is not served by this node`) } }
    const feeLimit = typeof b['fee_limit'] === 'number' ? b['fee_limit'] : undefined
    const tx = ledger.build({ type: 'TriggerSmartContract', owner, contract, data: `a9059cbb${parameter.toLowerCase()}`, callValue: 0 }, b['visible'] === true, feeLimit)
    return { result: { result: true }, transaction: tx }
  },
}

function send(res: ServerResponse, status: number, body: unknown): void {
  // TronGrid answers browsers from any origin.
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, tron-pro-api-key', 'access-control-allow-methods': 'GET, POST, OPTIONS' })
  res.end(status === 204 ? undefined : JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse, ledger: TronLedger): Promise<void> {
  if (req.method === 'OPTIONS') return send(res, 204, undefined)
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'node'}`)
  if (req.method === 'GET' && url.pathname.startsWith('/v1/')) {
    try {
      const answer = accountHistory(ledger, url) ?? { status: 404, body: { success: false, error: 'not found', statusCode: 404 } }
      return send(res, answer.status, answer.body)
    } catch (error) {
      console.error('[tron node]', error)
      return send(res, 500, { success: false, error: 'internal error', statusCode: 500 })
    }
  }
  const route = ROUTES[url.pathname]
  if (!route) return send(res, 404, { Error: 'not found' })
  let body: Body = {}
  try {
    const text = await readBody(req, MAX_BODY_BYTES)
    const parsed: unknown = text.trim() ? JSON.parse(text) : {}
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('the body must be a JSON object')
    body = parsed as Body
  } catch (error) {
    return send(res, 400, { Error: `class com.google.gson.JsonSyntaxException : ${error instanceof Error ? error.message : String(error)}` })
  }
  try {
    send(res, 200, route(body, ledger))
  } catch (error) {
    console.error('[tron node]', error)
    send(res, 500, { Error: 'internal error' })
  }
}

export async function startHttpServer(ledger: TronLedger, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => void handle(req, res, ledger))
  const url = await listenOnLoopback(server, port)
  return {
    url,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
