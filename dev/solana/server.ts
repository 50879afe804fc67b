import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import * as v from 'valibot'
import { RPC_ERROR, RpcError } from './errors.ts'
import { toSolanaJson } from './json.ts'
import { METHODS, type RpcContext } from './methods/index.ts'

const MAX_BODY_BYTES = 1 << 20

const JsonRpcRequest = v.object({
  jsonrpc: v.literal('2.0'),
  id: v.optional(v.union([v.string(), v.number(), v.null()])),
  method: v.string(),
  params: v.optional(v.unknown()),
})

type Id = string | number | null

function errorResponse(id: Id, error: RpcError) {
  return { jsonrpc: '2.0', error: error.toJson(), id }
}

/** Answers one request object; undefined for a notification (no id), which gets no answer. */
async function answer(item: unknown, ctx: RpcContext): Promise<object | undefined> {
  const parsed = v.safeParse(JsonRpcRequest, item)
  if (!parsed.success) {
    const id = typeof item === 'object' && item !== null && 'id' in item && (typeof item.id === 'string' || typeof item.id === 'number') ? item.id : null
    return errorResponse(id, new RpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request'))
  }
  const { id, method, params } = parsed.output
  const handler = METHODS.get(method)
  let response: object
  if (!handler) {
    response = errorResponse(id ?? null, new RpcError(RPC_ERROR.METHOD_NOT_FOUND, 'Method not found'))
  } else {
    try {
      response = { jsonrpc: '2.0', result: await handler(params, ctx), id: id ?? null }
    } catch (error) {
      if (!(error instanceof RpcError)) console.error(`[solana rpc] ${method} failed:`, error)
      response = errorResponse(id ?? null, error instanceof RpcError ? error : new RpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error'))
    }
  }
  return id === undefined ? undefined : response
}

async function handleBody(body: string, ctx: RpcContext): Promise<unknown> {
  let payload: unknown
  try {
    payload = JSON.parse(body)
  } catch {
    return errorResponse(null, new RpcError(RPC_ERROR.PARSE_ERROR, 'Parse error'))
  }
  if (!Array.isArray(payload)) return answer(payload, ctx)
  if (payload.length === 0) return errorResponse(null, new RpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request'))
  // A batch runs in order, as transactions in it may depend on each other.
  const answers: object[] = []
  for (const item of payload) {
    const result = await answer(item, ctx)
    if (result) answers.push(result)
  }
  return answers.length ? answers : undefined
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/** Browsers (the test wallet, the demo) call this RPC from other loopback origins. */
function allowCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type')
  res.setHeader('access-control-max-age', '600')
}

export interface RpcServer {
  url: string
  stop(): Promise<void>
}

/** The JSON-RPC 2.0 HTTP front of the ledger, on 127.0.0.1. */
export function startRpcServer(ctx: RpcContext, port: number): Promise<RpcServer> {
  const server = createServer(async (req, res) => {
    allowCors(req, res)
    try {
      if (req.method === 'OPTIONS') return send(res, 204, '', 'text/plain')
      if (req.method === 'GET' && req.url === '/health') return send(res, 200, 'ok', 'text/plain')
      if (req.method !== 'POST') return send(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
      const body = await readBody(req)
      if (body === null) return send(res, 413, 'Payload Too Large', 'text/plain')
      const result = await handleBody(body, ctx)
      send(res, 200, result === undefined ? '' : toSolanaJson(result))
    } catch (error) {
      console.error('[solana rpc] request failed:', error)
      if (!res.headersSent) send(res, 500, 'Internal Server Error', 'text/plain')
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
