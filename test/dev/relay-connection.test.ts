// The local relay's connection handling: query validation, client identity, malformed frames, heartbeat, stop.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startRelay, type Relay } from '../../dev/relay/index.ts'
import { RawRelayClient, type Reply } from '../../dev/relay/raw-client.ts'

const topic = () => randomBytes(32).toString('hex')
const message = (text: string) => Buffer.from(text).toString('base64')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A token shaped like the clients' relay JWT; the relay reads `iss` and does not check the signature. */
const fakeJwt = (iss: string) =>
  `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url({ iss, sub: 'x', aud: 'ws://127.0.0.1', iat: 1, exp: 9e9 })}.c2ln`

interface Ctx {
  relay: Relay
  clients: RawRelayClient[]
}
const test = suite<Ctx>('relay connections', { relay: undefined as never, clients: [] })

test.before(async (ctx) => {
  ctx.relay = await startRelay({ heartbeatMs: 100 })
})
test.after.each(async (ctx) => {
  await Promise.all(ctx.clients.splice(0).map((c) => c.close()))
})
test.after(async (ctx) => {
  await ctx.relay?.stop()
})

async function connect(ctx: Ctx, opts = {}): Promise<RawRelayClient> {
  const client = await RawRelayClient.connect(ctx.relay.url, opts)
  ctx.clients.push(client)
  return client
}

const errorCode = (reply: Reply) => reply.error?.code

test('a connection without projectId is refused; the clients\' query string is accepted', async (ctx) => {
  const refused = await RawRelayClient.connect(ctx.relay.url, { projectId: null }).then(
    () => 'open',
    (error: Error) => error.message,
  )
  assert.is(refused, 'HTTP 400')
  const empty = await RawRelayClient.connect(ctx.relay.url, { projectId: '' }).then(
    () => 'open',
    (error: Error) => error.message,
  )
  assert.is(empty, 'HTTP 400')
  const badAuth = await RawRelayClient.connect(ctx.relay.url, { auth: 'not-a-jwt' }).then(
    () => 'open',
    (error: Error) => error.message,
  )
  assert.is(badAuth, 'HTTP 401')

  const ok = await connect(ctx, { auth: fakeJwt('did:key:z6MkOk') })
  assert.is((await ok.request('irn_subscribe', { topic: topic() })).error, undefined)

  const health = await fetch(ctx.relay.url.replace('ws://', 'http://') + '/health')
  assert.is(health.status, 200)
  assert.is(((await health.json()) as { ok: boolean }).ok, true)
})

test('malformed frames get JSON-RPC errors and the server stays up', async (ctx) => {
  const client = await connect(ctx)

  client.sendRaw('{not json')
  const parseError = await client.waitFor(() => client.frames.find((f) => f.id === null))
  assert.is((parseError.error as { code: number }).code, -32700)

  client.sendRaw(JSON.stringify({ hello: 'world', id: 'not-a-request' }))
  const invalid = await client.waitFor(() => client.frames.find((f) => f.id === 'not-a-request'))
  assert.is((invalid.error as { code: number }).code, -32600)

  client.sendRaw(Buffer.from([1, 2, 3]))
  await client.waitFor(() => client.frames.filter((f) => f.id === null).length === 2)

  assert.is(errorCode(await client.request('irn_nope', {})), -32601)
  assert.is(errorCode(await client.request('irn_subscribe', { topic: 'short' })), -32602)
  assert.is(errorCode(await client.request('irn_subscribe')), -32602)
  assert.is(errorCode(await client.request('irn_publish', { topic: topic(), message: '', ttl: 300 })), -32602)
  assert.is(errorCode(await client.request('irn_publish', { topic: topic(), message: 'x', ttl: -1 })), -32602)
  assert.is(errorCode(await client.request('irn_batchSubscribe', { topics: [] })), -32602)
  assert.is(errorCode(await client.request('wc_approveSession', { sessionTopic: topic() })), -32602)
  assert.is(errorCode(await client.request('toString', {})), -32601)

  // still serving this connection and new ones
  assert.type((await client.request('irn_subscribe', { topic: topic() })).result, 'string')
  const other = await connect(ctx)
  assert.is((await other.request('irn_publish', { topic: topic(), message: 'eA==', ttl: 60 })).result, true)
})

test('JSON-RPC ids beyond 2^53 (as the clients send them) come back digit for digit', async (ctx) => {
  const client = await connect(ctx)
  const bigId = 1755000000000000123n
  client.sendRaw(`{"id":${bigId},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic()}"}}`)
  const reply = await client.waitFor(() => client.frames.find((f) => f.id === bigId))
  assert.type(reply.result, 'string')
  const stringId = await client.request('irn_subscribe', { topic: topic() }, '1755000000000000124')
  assert.is(stringId.id, '1755000000000000124')
})

test('identity comes from the auth JWT: unacknowledged messages are redelivered, acknowledged ones are not', async (ctx) => {
  const publisher = await connect(ctx)
  const t = topic()
  await publisher.request('irn_publish', { topic: t, message: message('important'), ttl: 300 })

  const auth = fakeJwt('did:key:z6MkWallet')
  const first = await connect(ctx, { auth, autoAck: false })
  await first.request('irn_subscribe', { topic: t })
  await first.waitFor(() => first.subscriptions[0])
  await first.close()

  const second = await connect(ctx, { auth })
  await second.request('irn_subscribe', { topic: t })
  await second.waitFor(() => second.subscriptions[0])
  await sleep(50) // let the ack land
  await second.close()

  const third = await connect(ctx, { auth })
  await third.request('irn_subscribe', { topic: t })
  await sleep(150)
  assert.is(third.subscriptions.length, 0, 'an acknowledged message came back')

  // a client never gets what its own identity published, even on another socket
  const sibling = await connect(ctx, { auth })
  await sibling.request('irn_publish', { topic: t, message: message('own'), ttl: 300 })
  await sleep(150)
  assert.is(third.subscriptions.length, 0)
})

test('the heartbeat pings idle clients and keeps them; a client that never pongs is dropped', async (ctx) => {
  const idle = await connect(ctx)
  const silent = await connect(ctx, { autoPong: false })
  await sleep(450)
  assert.ok(idle.pings >= 2, `only ${idle.pings} pings`)
  assert.not.ok(idle.closed, 'an answering client was dropped')
  assert.ok(silent.closed, 'a client that never pongs stays connected')
})

test('stats count connections, topics and stored messages; stop closes every socket', async () => {
  const relay = await startRelay()
  const clients: RawRelayClient[] = []
  try {
    clients.push(await RawRelayClient.connect(relay.url), await RawRelayClient.connect(relay.url))
    const [t1, t2] = [topic(), topic()]
    await clients[0]!.request('irn_subscribe', { topic: t1 })
    await clients[1]!.request('irn_publish', { topic: t2, message: message('m'), ttl: 300 })
    assert.equal(relay.stats(), { connections: 2, topics: 2, messages: 1 })
    await clients[1]!.close()
    await sleep(50)
    assert.is(relay.stats().connections, 1)
  } finally {
    await relay.stop()
  }
  await clients[0]!.waitFor(() => clients[0]!.closed, 1000)
  const after = await RawRelayClient.connect(relay.url).then(
    () => 'open',
    () => 'refused',
  )
  assert.is(after, 'refused')
})

test.run()
