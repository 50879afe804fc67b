import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import * as v from 'valibot'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { publishHandlers } from './handlers/publish.ts'
import { sessionHandlers } from './handlers/session.ts'
import { subscribeHandlers } from './handlers/subscribe.ts'
import { InvalidParams, type Handler, type HandlerOutcome } from './handlers/method.ts'
import { Hub, type RelayClient } from './hub.ts'
import { parseJson } from './json.ts'
import { AuthClaims, ConnectionQuery, JsonRpcRequest, JsonRpcResponse, issueText, type JsonRpcId } from './schemas.ts'

export interface RelayOptions {
  port?: number
  /** Interval of the server's WebSocket pings; the Node clients drop a socket that is silent for 35 s. */
  heartbeatMs?: number
}

export interface RelayStats {
  /** open WebSocket connections */
  connections: number
  /** topics with a subscriber or a stored message */
  topics: number
  /** stored, unexpired messages */
  messages: number
}

export interface Relay {
  /** ws://127.0.0.1:PORT */
  url: string
  stop(): Promise<void>
  stats(): RelayStats
}

const handlers: Record<string, Handler> = { ...subscribeHandlers, ...publishHandlers, ...sessionHandlers }

const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ error: reason })
  socket.end(
    `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Unauthorized'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** Reads the client's did:key from the relay auth JWT; the signature is not checked (loopback dev relay). */
function clientIdFromJwt(jwt: string): string | undefined {
  const payload = jwt.split('.')[1]
  if (jwt.split('.').length !== 3 || !payload) return undefined
  try {
    const claims = v.safeParse(AuthClaims, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return claims.success ? claims.output.iss : undefined
  } catch {
    return undefined
  }
}

/** Starts the local WalletConnect relay on 127.0.0.1 (a free port unless one is given). */
export async function startRelay(opts: RelayOptions = {}): Promise<Relay> {
  const hub = new Hub()
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 })

  const http = createServer((req, res) => {
    // plain HTTP only serves a readiness probe
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ok: true, ...stats() }))
      return
    }
    res.writeHead(426, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'WebSocket upgrade required' }))
  })

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const query = v.safeParse(ConnectionQuery, Object.fromEntries(url.searchParams))
    if (!query.success) return rejectUpgrade(socket, 400, issueText(query.issues))
    let key = `conn:${randomUUID()}`
    if (query.output.auth !== undefined) {
      const clientId = clientIdFromJwt(query.output.auth)
      if (!clientId) return rejectUpgrade(socket, 401, 'auth is not a relay JWT')
      key = clientId
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, key))
  })

  function onConnection(socket: WebSocket, key: string): void {
    const client: RelayClient = {
      connId: randomUUID(),
      key,
      socket,
      topics: new Map(),
      unacked: new Map(),
      alive: true,
    }
    hub.clients.add(client)
    socket.on('pong', () => (client.alive = true))
    socket.on('message', (data, isBinary) => {
      client.alive = true
      onFrame(client, data, isBinary)
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => hub.drop(client))
  }

  function replyError(client: RelayClient, id: JsonRpcId | null, code: number, message: string): void {
    hub.send(client, { id, jsonrpc: '2.0', error: { code, message } })
  }

  function onFrame(client: RelayClient, data: RawData, isBinary: boolean): void {
    if (isBinary) return replyError(client, null, INVALID_REQUEST, 'binary frames are not supported')
    let frame: unknown
    try {
      frame = parseJson(data.toString())
    } catch {
      return replyError(client, null, PARSE_ERROR, 'Parse error')
    }
    const request = v.safeParse(JsonRpcRequest, frame)
    if (request.success) return onRequest(client, request.output.id, request.output.method, request.output.params)
    const response = v.safeParse(JsonRpcResponse, frame)
    if (response.success) return hub.acknowledge(client, String(response.output.id))
    const id = v.safeParse(v.object({ id: v.union([v.number(), v.string(), v.bigint()]) }), frame)
    replyError(client, id.success ? id.output.id : null, INVALID_REQUEST, `Invalid request: ${issueText(request.issues)}`)
  }

  function onRequest(client: RelayClient, id: JsonRpcId, method: string, params: unknown): void {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) return replyError(client, id, METHOD_NOT_FOUND, `Method not found: ${method}`)
    let outcome: HandlerOutcome
    try {
      outcome = handler({ hub, client }, params)
    } catch (error) {
      if (error instanceof InvalidParams) return replyError(client, id, INVALID_PARAMS, error.message)
      console.error('[relay] handler failed:', error)
      return replyError(client, id, INTERNAL_ERROR, 'Internal error')
    }
    hub.send(client, { id, jsonrpc: '2.0', result: outcome.result })
    try {
      outcome.after?.()
    } catch (error) {
      // the reply is already out; a failed follow-up delivery must not take the relay down
      console.error('[relay] delivery after reply failed:', error)
    }
  }

  function stats(): RelayStats {
    return { connections: hub.clients.size, topics: hub.topicCount(), messages: hub.store.size }
  }

  // heartbeat: ping everyone, drop whoever did not answer the previous ping
  const heartbeat = setInterval(() => {
    for (const client of hub.clients) {
      if (!client.alive) {
        client.socket.terminate()
        continue
      }
      client.alive = false
      client.socket.ping()
    }
    hub.store.sweep()
  }, opts.heartbeatMs ?? 15_000)
  heartbeat.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port ?? 0, '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  const address = http.address()
  const port = typeof address === 'object' && address ? address.port : 0

  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      clearInterval(heartbeat)
      for (const client of hub.clients) client.socket.terminate()
      wss.close()
      http.closeAllConnections()
      http.close(() => resolve())
      hub.store.clear()
    }))

  return { url: `ws://127.0.0.1:${port}`, stop, stats }
}
