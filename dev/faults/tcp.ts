// The fault switch for a service spoken to over plain TCP (the database's Postgres protocol):
// the same modes as the HTTP switch, at the level of connections. refuse resets each connection,
// hang accepts and never answers, slow delays new connections and every answer, 500
// answers the protocol's own error (`errorReply`) and closes, garbage answers bytes of no
// protocol, drop passes the first answer half-way and cuts the connection. Every mode but
// none and slow also cuts the connections already open, as a service going down does.
import { createServer, connect, type Socket } from 'node:net'
import type { FaultMode } from './proxy.ts'

export interface TcpFaultProxy {
  host: string
  port: number
  readonly mode: FaultMode
  /** One entry per connection that reached the switch. */
  readonly requests: string[]
  set(mode: FaultMode, opts?: { delayMs?: number }): void
  stop(): Promise<void>
}

export async function startTcpFaultProxy(target: { host: string; port: number }, opts: { errorReply?: Buffer } = {}): Promise<TcpFaultProxy> {
  let mode: FaultMode = 'none'
  let delayMs = 2000
  const requests: string[] = []
  const open = new Set<Socket>()
  const keep = (s: Socket) => {
    open.add(s)
    s.once('close', () => open.delete(s))
    s.on('error', () => undefined)
  }

  const pass = (client: Socket, cut: boolean) => {
    const upstream = connect(target.port, target.host)
    keep(upstream)
    upstream.once('close', () => client.destroy())
    client.once('close', () => upstream.destroy())
    client.pipe(upstream)
    if (cut) {
      return void upstream.once('data', (chunk: Buffer) => {
        client.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)))
        setTimeout(() => (client.destroy(), upstream.destroy()), 20)
      })
    }
    // While slow, each answer on an open connection waits the delay too (in order).
    let queue = Promise.resolve()
    upstream.on('data', (chunk: Buffer) => {
      const wait = mode === 'slow' ? delayMs : 0
      queue = queue.then(() => new Promise((r) => setTimeout(r, wait))).then(() => void (client.destroyed || client.write(chunk)))
    })
  }

  const server = createServer((client) => {
    requests.push('connect')
    keep(client)
    switch (mode) {
      case 'refuse': return void client.resetAndDestroy()
      case 'hang': return void client.resume()
      case 'slow':
        client.pause()
        return void setTimeout(() => !client.destroyed && (pass(client, false), client.resume()), delayMs)
      case '500': return void (opts.errorReply ? client.end(opts.errorReply) : client.resetAndDestroy())
      case 'garbage': return void client.end(Buffer.from('<html>not the protocol\0\xff\xff\xff\xff'))
      case 'drop': return pass(client, true)
      default: return pass(client, false)
    }
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    host: '127.0.0.1',
    port,
    get mode() {
      return mode
    },
    requests,
    set(next, o = {}) {
      mode = next
      delayMs = o.delayMs ?? delayMs
      if (next !== 'none' && next !== 'slow') for (const s of open) s.destroy()
    },
    stop: () => new Promise((resolve) => {
      for (const s of open) s.destroy()
      server.close(() => resolve())
    }),
  }
}

/**
 * A Postgres ErrorResponse (FATAL 57P03, "not accepting connections"): what a server that is
 * up but cannot serve answers to a client's first message.
 */
export function postgresUnavailableReply(): Buffer {
  const field = (type: string, value: string) => Buffer.concat([Buffer.from(type), Buffer.from(value), Buffer.from([0])])
  const fields = Buffer.concat([
    field('S', 'FATAL'), field('V', 'FATAL'), field('C', '57P03'),
    field('M', 'the database system is not accepting connections (fault switch)'), Buffer.from([0]),
  ])
  const length = Buffer.alloc(4)
  length.writeInt32BE(fields.length + 4)
  return Buffer.concat([Buffer.from('E'), length, fields])
}
