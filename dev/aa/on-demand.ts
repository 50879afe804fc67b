import { createServer, request, type ServerResponse } from 'node:http'
import type { Bundler } from './bundler.ts'
import { listenOnLoopback } from '../lib/http.ts'

/**
 * A bundler that starts on its first request: its URL is a loopback proxy that starts Alto then
 * (a couple of seconds of CPU each, which a stack whose users never send a user operation need not
 * pay) and forwards every request to it, CORS preflights included. Requests that come while it
 * starts wait for it; a start that fails answers 502 with the reason, and the next request tries
 * again. Stopped, the proxy closes (its URL refuses connections, as a stopped Alto's does).
 */
export async function onDemandBundler(chainId: number, start: () => Promise<Bundler>): Promise<Bundler> {
  let starting: Promise<Bundler> | undefined
  let stopped = false
  const bundler = () => {
    if (stopped) return Promise.reject(new Error('the bundler was stopped'))
    starting ??= start()
    starting.catch(() => (starting = undefined))
    return starting
  }
  const server = createServer((req, res) => {
    // The body is read while Alto starts; it is forwarded whole once Alto answers.
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    const body = new Promise<Buffer>((resolve, reject) => req.on('end', () => resolve(Buffer.concat(chunks))).on('error', reject))
    Promise.all([bundler(), body]).then(([alto, bytes]) => {
      const upstream = request(`${alto.url}${req.url ?? '/'}`, { method: req.method, headers: { ...req.headers, host: new URL(alto.url).host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', (error) => fail(res, error))
      upstream.end(bytes)
    }, (error: unknown) => fail(res, error))
  })
  const url = await listenOnLoopback(server)
  return {
    chainId,
    url,
    async stop() {
      stopped = true
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await (await starting?.catch(() => undefined))?.stop()
    },
  }
}

function fail(res: ServerResponse, error: unknown): void {
  if (res.headersSent) return void res.destroy()
  const message = `bundler unavailable: ${error instanceof Error ? error.message : String(error)}`
  res.writeHead(502, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } }))
}
