import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { BodyTooLarge, listenOnLoopback, readBody } from '../lib/http.ts'
import { Blockchain } from '@ton/sandbox'
import { Address, toNano } from '@ton/core'
import * as v from 'valibot'
import { answerTonCall } from './api.ts'

// The local TON ledger: @ton/sandbox (the TON emulator: real contracts, real signatures, real
// fees) behind the part of toncenter's v2 JSON-RPC API that wallets and explorers use, so the
// same clients (@ton/ton's TonClient) meet it and the real network alike.

export interface LocalTon {
  /** The toncenter v2 JSON-RPC endpoint (POST). */
  url: string
  blockchain: Blockchain
  /** Nanotons held by an address. */
  balance(address: Address): Promise<bigint>
  stop(): Promise<void>
}

const MAX_BODY = 256 * 1024
const Call = v.object({ id: v.optional(v.union([v.string(), v.number()])), jsonrpc: v.optional(v.string()), method: v.string(), params: v.optional(v.record(v.string(), v.unknown()), {}) })

/** Starts the ledger; each `fund` address gets `amount` from the sandbox's treasury. */
export async function startTon({ fund = [], amount = toNano('1000') }: { fund?: Address[]; amount?: bigint } = {}): Promise<LocalTon> {
  const blockchain = await Blockchain.create()
  const faucet = await blockchain.treasury('postern-faucet')
  for (const to of fund) await faucet.send({ to, value: amount, bounce: false })

  const server = createServer((req, res) => void handle(blockchain, req, res))
  const base = await listenOnLoopback(server)
  return {
    url: `${base}/api/v2/jsonRPC`,
    blockchain,
    balance: async (address) => (await blockchain.getContract(address)).balance,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

async function handle(blockchain: Blockchain, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-headers', 'content-type, x-api-key')
  if (req.method === 'OPTIONS') return void res.writeHead(204).end()
  const reply = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  if (req.method !== 'POST' || !req.url?.startsWith('/api/v2/jsonRPC')) return reply(404, { ok: false, error: 'Not found', code: 404 })
  let call: v.InferOutput<typeof Call>
  try {
    call = v.parse(Call, JSON.parse(await readBody(req, MAX_BODY)))
  } catch (error) {
    if (error instanceof BodyTooLarge) return reply(413, { ok: false, error: 'Request too large', code: 413 })
    return reply(400, { ok: false, error: 'Expected a JSON-RPC call', code: 400 })
  }
  try {
    const result = await answerTonCall(blockchain, call.method, call.params)
    reply(200, { ok: true, result, jsonrpc: '2.0', id: call.id ?? null })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    reply(error instanceof v.ValiError || /unknown method|invalid/i.test(message) ? 400 : 500, { ok: false, error: message, code: 400, jsonrpc: '2.0', id: call.id ?? null })
  }
}
