// The Sui server tests' full node: a proxy to the local node (dev/sui) that answers a call with a
// test's fake body instead when it returns one for that call's method.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type SuiFake = (method: string, params: unknown[]) => unknown

export async function suiNodeProxy(node: string, fake: SuiFake): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const call = JSON.parse(body) as { method: string; params: unknown[] }
    const faked = fake(call.method, call.params)
    const answer = faked !== undefined
      ? JSON.stringify(faked)
      : await (await fetch(node, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text()
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}
