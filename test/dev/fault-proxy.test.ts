import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer, type Server } from 'node:http'
import { WebSocket, WebSocketServer } from 'ws'
import { startFaultProxy, type FaultProxy } from '../../dev/faults/proxy.ts'

const test = suite('dev/faults: the fault switch in front of a service')
let server: Server
let wss: WebSocketServer
let proxy: FaultProxy
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(4000) })

test.before(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(BODY)
  })
  wss = new WebSocketServer({ server })
  wss.on('connection', (ws) => ws.on('message', (m) => ws.send(`echo ${m}`)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  proxy = await startFaultProxy(`http://127.0.0.1:${address.port}`)
})
test.after(async () => {
  await proxy?.stop()
  wss?.close()
  await new Promise((resolve) => server?.close(resolve))
})

const get = (signal?: AbortSignal) => fetch(proxy.url + '/rpc', { method: 'POST', body: '{}', signal })

test('default: passes requests through and counts them', async () => {
  proxy.set('none')
  const before = proxy.requests.length
  assert.is(await (await get()).text(), BODY)
  assert.is(proxy.requests.length, before + 1)
})

test('behavior: refuse resets the connection; 500 answers 500; garbage is not JSON; drop cuts the body', async () => {
  proxy.set('refuse')
  await get().then(() => assert.unreachable('refused'), (error) => assert.instance(error, TypeError))
  proxy.set('500')
  assert.is((await get()).status, 500)
  proxy.set('garbage')
  const garbage = await get()
  assert.is(garbage.status, 200)
  await garbage.json().then(() => assert.unreachable('garbage parsed'), (error) => assert.instance(error, SyntaxError))
  proxy.set('drop')
  await get().then((r) => r.text()).then(() => assert.unreachable('dropped'), (error) => assert.instance(error, TypeError))
  proxy.set('none')
  assert.is(await (await get()).text(), BODY, 'recovers when the fault clears')
})

test('behavior: hang never answers; slow answers after the delay', async () => {
  proxy.set('hang')
  const hung = await get(AbortSignal.timeout(300)).then(() => 'answered', (error) => error.name)
  assert.is(hung, 'TimeoutError')
  proxy.set('slow', { delayMs: 400 })
  const started = Date.now()
  assert.is(await (await get()).text(), BODY)
  assert.ok(Date.now() - started >= 380)
  proxy.set('none')
})

test('behavior: WebSockets pass while healthy, are cut when the service goes down, and connect again after', async () => {
  proxy.set('none')
  const url = proxy.url.replace('http', 'ws')
  const ws = new WebSocket(url)
  await new Promise((resolve) => ws.once('open', resolve))
  ws.send('hi')
  assert.is(String(await new Promise((resolve) => ws.once('message', resolve))), 'echo hi')
  const closed = new Promise((resolve) => ws.once('close', resolve))
  proxy.set('refuse')
  await closed
  const refused = new WebSocket(url)
  assert.is(await new Promise((resolve) => (refused.once('error', () => resolve('error')), refused.once('open', () => resolve('open')))), 'error')
  proxy.set('none')
  const again = new WebSocket(url)
  assert.is(await new Promise((resolve) => (again.once('error', () => resolve('error')), again.once('open', () => resolve('open')))), 'open')
  again.close()
})

test.run()
