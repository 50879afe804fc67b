import * as v from 'valibot'
import { WebSocket } from 'ws'
import { parseJson, stringifyJson } from './json.ts'
import { JsonRpcId } from './schemas.ts'

/** A bare relay client for protocol tests: raw frames in and out, nothing of the WalletConnect SDK. */

export interface RawConnectOptions {
  /** null leaves projectId out of the query */
  projectId?: string | null
  auth?: string
  /** answer irn_subscription with an ack (default true) */
  autoAck?: boolean
  /** answer WebSocket pings (default true) */
  autoPong?: boolean
}

export type Frame = Record<string, unknown>
export type Reply = { id: JsonRpcId; result?: unknown; error?: { code: number; message: string } }

const Incoming = v.looseObject({ id: v.optional(v.nullable(JsonRpcId)), method: v.optional(v.string()) })

export class RawRelayClient {
  /** every frame received, in order */
  readonly frames: Frame[] = []
  pings = 0
  private nextId = 1
  private readonly listeners = new Set<() => void>()

  private constructor(
    readonly socket: WebSocket,
    private readonly autoAck: boolean,
  ) {
    socket.on('ping', () => {
      this.pings += 1
      this.notify()
    })
    socket.on('close', () => this.notify())
    socket.on('message', (data) => {
      const frame = parseJson(data.toString()) as Frame
      this.frames.push(frame)
      const parsed = v.safeParse(Incoming, frame)
      if (this.autoAck && parsed.success && parsed.output.method === 'irn_subscription') {
        this.sendRaw(stringifyJson({ id: parsed.output.id, jsonrpc: '2.0', result: true }))
      }
      this.notify()
    })
  }

  static connect(url: string, opts: RawConnectOptions = {}): Promise<RawRelayClient> {
    const query = new URLSearchParams()
    const projectId = opts.projectId === undefined ? 'test-project' : opts.projectId
    if (projectId !== null) query.set('projectId', projectId)
    if (opts.auth !== undefined) query.set('auth', opts.auth)
    query.set('ua', 'wc-2/js-2.25.0/raw-test')
    const socket = new WebSocket(`${url}/?${query}`, { autoPong: opts.autoPong ?? true })
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawRelayClient(socket, opts.autoAck ?? true)))
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
      socket.once('error', reject)
    })
  }

  get closed(): boolean {
    return this.socket.readyState === WebSocket.CLOSED
  }

  /** irn_subscription frames received so far */
  get subscriptions(): Frame[] {
    return this.frames.filter((f) => f.method === 'irn_subscription')
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data)
  }

  /** Sends a JSON-RPC request and resolves with the reply frame (result or error). */
  async request(method: string, params?: unknown, id: JsonRpcId = this.nextId++): Promise<Reply> {
    this.sendRaw(stringifyJson({ id, jsonrpc: '2.0', method, params }))
    const reply = await this.waitFor(() => this.frames.find((f) => f.id === id && f.method === undefined))
    return reply as Reply
  }

  /** Resolves when `check` returns something, or rejects after `timeoutMs`. */
  waitFor<T>(check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check()
        if (value === undefined || value === false) return false
        this.listeners.delete(attempt)
        clearTimeout(timer)
        resolve(value)
        return true
      }
      const timer = setTimeout(() => {
        this.listeners.delete(attempt)
        reject(new Error(`waitFor timed out after ${timeoutMs} ms`))
      }, timeoutMs)
      if (!attempt()) this.listeners.add(attempt)
    })
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve()
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve())
      this.socket.close()
    })
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener()
  }
}
