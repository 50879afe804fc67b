// A real HTTP server on loopback that answers JSON the test chooses, as an API would (with CORS,
// which happy-dom's fetch enforces), and records the reads it was asked.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface JsonServer {
  url: string
  requests: URL[]
  answer: (url: URL) => { status: number; body: unknown }
  close(): Promise<void>
}

export async function startJsonServer(answer: JsonServer['answer']): Promise<JsonServer> {
  const state: Omit<JsonServer, 'url' | 'close'> = { requests: [], answer }
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return res.writeHead(204, { 'access-control-allow-origin': '*' }).end()
    const url = new URL(req.url!, 'http://127.0.0.1')
    state.requests.push(url)
    const { status, body } = state.answer(url)
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
