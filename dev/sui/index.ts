import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import * as v from 'valibot'
import { BodyTooLarge, listenOnLoopback, readBody } from '../lib/http.ts'
import { SuiLedger } from './ledger.ts'
import { loadSuiLedger, persistSui } from './persist.ts'
import { answerSuiCall, RpcError } from './rpc.ts'

// The local Sui network: a full node's JSON-RPC API (./rpc.ts) over a ledger of SUI coins
// (./ledger.ts), so @mysten/sui's SuiJsonRpcClient, and a wallet built on it, meet it as they
// meet a real node: build (gas price, coins, dry run), sign, execute, read back.

/** CAIP-2 of the local network (Sui's localnet). */
export const LOCAL_SUI_CHAIN = 'sui:localnet'
export const MIST_PER_SUI = 1_000_000_000n

export interface LocalSui {
  /** The JSON-RPC endpoint (POST). */
  url: string
  caipNetworkId: string
  ledger: SuiLedger
  stop(): Promise<void>
}

const MAX_BODY = 512 * 1024
const Call = v.object({ jsonrpc: v.literal('2.0'), id: v.optional(v.union([v.string(), v.number(), v.null()])), method: v.string(), params: v.optional(v.unknown()) })

/**
 * Starts the node on 127.0.0.1. A new ledger gives each `fund` address two coins of `amount` SUI.
 * With a `stateDir` the ledger is kept there and taken back on the next start.
 */
export async function startSui({ fund = [], amount = 1000n, stateDir }: { fund?: string[]; amount?: bigint; stateDir?: string } = {}): Promise<LocalSui> {
  const restored = stateDir ? await loadSuiLedger(stateDir) : undefined
  const ledger = restored ?? new SuiLedger()
  if (!restored) for (const address of fund) ledger.mint(address, amount * MIST_PER_SUI, 2)
  const saver = stateDir ? persistSui(ledger, stateDir) : undefined
  const server = createServer((req, res) => void handle(ledger, req, res))
  const url = await listenOnLoopback(server)
  return {
    url,
    caipNetworkId: LOCAL_SUI_CHAIN,
    ledger,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      await saver?.stop()
    },
  }
}

async function handle(ledger: SuiLedger, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-headers', 'content-type, client-sdk-type, client-sdk-version, client-target-api-version, client-request-method')
  if (req.method === 'OPTIONS') return void res.writeHead(204).end()
  const reply = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  if (req.method !== 'POST') return reply(405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } })
  let call: v.InferOutput<typeof Call>
  try {
    const parsed = v.safeParse(Call, JSON.parse(await readBody(req, MAX_BODY)))
    if (!parsed.success) return reply(200, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } })
    call = parsed.output
  } catch (error) {
    if (error instanceof BodyTooLarge) return reply(413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } })
    return reply(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  }
  const id = call.id ?? null
  try {
    const result = await answerSuiCall(ledger, call.method, call.params)
    reply(200, { jsonrpc: '2.0', id, result })
  } catch (error) {
    if (error instanceof RpcError) return reply(200, { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } })
    console.error('[sui node]', error)
    reply(200, { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } })
  }
}
