// The TON server tests' toncenter: a proxy to the local ledger that answers a test's fake body instead when it sets one.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function tonApiProxy(ledger: string, fake: () => unknown): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const answer = fake() !== undefined
      ? JSON.stringify(fake())
      : await (await fetch(ledger, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text()
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/jsonRPC` }
}
