// The floor: a bare Node http server answering a fixed JSON body, in its own process as the
// reference server is, so that each route's throughput reads as a fraction of what Node itself does.
import { spawn } from 'node:child_process'

export const FLOOR_BODY = JSON.stringify({ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', value: 1_000_000, price: 1, quantity: { decimals: '6', numeric: '1000000' } })

const SCRIPT = `
const body = ${JSON.stringify(FLOOR_BODY)}
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}).listen(0, '127.0.0.1', function () { console.log('listening on 127.0.0.1:' + this.address().port) })
`

export function startFloor(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const port = /listening on [^:]+:(\d+)/.exec(String(d))?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') })
    })
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)))
  })
}
