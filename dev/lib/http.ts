import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// What the local stand-ins' HTTP servers (dev/tron, dev/ton, dev/bitcoin) share: a request body
// read under a size limit, and a loopback listener on a port the OS picks.

/** A body past the server's limit: answered 413 (or the protocol's own error), never read whole. */
export class BodyTooLarge extends Error {
  constructor() {
    super('body too large')
  }
}

/** The request's body as UTF-8 text; rejects with BodyTooLarge past `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) reject(new BodyTooLarge())
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * Listens on 127.0.0.1 and resolves with the server's URL. Port 0 (the default): the OS picks a
 * free one, which no other process can take between asking and binding.
 */
export function listenOnLoopback(server: Server, port = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}
