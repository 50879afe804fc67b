// The local relay's publish/subscribe semantics, driven with raw WebSocket clients.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startRelay, type Relay } from '../../dev/relay/index.ts'
import { RawRelayClient, type Frame } from '../../dev/relay/raw-client.ts'

const topic = () => randomBytes(32).toString('hex')
const message = (text: string) => Buffer.from(text).toString('base64')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function data(frame: Frame | undefined): Record<string, unknown> {
  const params = frame?.params as { data?: Record<string, unknown> } | undefined
  assert.ok(params?.data, 'irn_subscription without data')
  return params.data
}

const test = suite<{ relay: Relay; clients: RawRelayClient[] }>('relay pub/sub', { relay: undefined as never, clients: [] })

test.before(async (ctx) => {
  ctx.relay = await startRelay()
})
test.after.each(async (ctx) => {
  await Promise.all(ctx.clients.splice(0).map((c) => c.close()))
})
test.after(async (ctx) => {
  await ctx.relay?.stop()
})

async function connect(ctx: { relay: Relay; clients: RawRelayClient[] }, opts = {}): Promise<RawRelayClient> {
  const client = await RawRelayClient.connect(ctx.relay.url, opts)
  ctx.clients.push(client)
  return client
}

test('a publish from another connection reaches the subscriber as irn_subscription', async (ctx) => {
  const [subscriber, publisher] = [await connect(ctx), await connect(ctx)]
  const t = topic()
  const sub = await subscriber.request('irn_subscribe', { topic: t })
  assert.type(sub.result, 'string')
  assert.match(sub.result as string, /^[0-9a-f]{64}$/)

  const pub = await publisher.request('irn_publish', { topic: t, message: message('hello'), ttl: 300, tag: 1100, prompt: false })
  assert.is(pub.result, true)

  const frame = await subscriber.waitFor(() => subscriber.subscriptions[0])
  assert.is(frame.jsonrpc, '2.0')
  assert.ok(frame.id !== undefined, 'server request carries an id')
  assert.is((frame.params as { id: string }).id, sub.result)
  const d = data(frame)
  assert.is(d.topic, t)
  assert.is(d.message, message('hello'))
  assert.is(d.tag, 1100)
  assert.type(d.publishedAt, 'number')
  assert.ok(Math.abs((d.publishedAt as number) - Date.now()) < 5000)
})

test('the publisher never gets its own message back', async (ctx) => {
  const [a, b] = [await connect(ctx), await connect(ctx)]
  const t = topic()
  await a.request('irn_subscribe', { topic: t })
  await b.request('irn_subscribe', { topic: t })
  await a.request('irn_publish', { topic: t, message: message('from a'), ttl: 300 })
  await b.waitFor(() => b.subscriptions[0])
  await sleep(150)
  assert.is(a.subscriptions.length, 0, 'publisher received its own message')
  // a late subscribe by the publisher does not bring it back either
  await a.request('irn_unsubscribe', { topic: t, id: 'x' })
  await a.request('irn_subscribe', { topic: t })
  await sleep(100)
  assert.is(a.subscriptions.length, 0)
})

test('a late subscriber gets the stored messages right after the subscribe reply, oldest first', async (ctx) => {
  const publisher = await connect(ctx)
  const t = topic()
  await publisher.request('irn_publish', { topic: t, message: message('one'), ttl: 300 })
  await publisher.request('irn_publish', { topic: t, message: message('two'), ttl: 300 })

  const late = await connect(ctx)
  const reply = await late.request('irn_subscribe', { topic: t })
  await late.waitFor(() => late.subscriptions.length === 2)
  const replyIndex = late.frames.findIndex((f) => f === (reply as unknown))
  const firstDelivery = late.frames.findIndex((f) => f.method === 'irn_subscription')
  assert.ok(replyIndex >= 0 && replyIndex < firstDelivery, 'stored messages arrived before the subscribe reply')
  assert.equal(
    late.subscriptions.map((f) => data(f).message),
    [message('one'), message('two')],
  )
})

test('irn_batchSubscribe subscribes to every topic and delivers what each has stored', async (ctx) => {
  const publisher = await connect(ctx)
  const [t1, t2] = [topic(), topic()]
  await publisher.request('irn_batchPublish', {
    messages: [
      { topic: t1, message: message('for t1'), ttl: 300 },
      { topic: t2, message: message('for t2'), ttl: 300 },
    ],
  })
  const late = await connect(ctx)
  const reply = await late.request('irn_batchSubscribe', { topics: [t1, t2] })
  assert.ok(Array.isArray(reply.result) && reply.result.length === 2)
  await late.waitFor(() => late.subscriptions.length === 2)
  assert.equal(late.subscriptions.map((f) => data(f).topic).sort(), [t1, t2].sort())
})

test('irn_batchFetchMessages returns stored messages once, never the caller\'s own', async (ctx) => {
  const [a, b] = [await connect(ctx), await connect(ctx)]
  const t = topic()
  await a.request('irn_publish', { topic: t, message: message('from a'), ttl: 300 })
  await b.request('irn_publish', { topic: t, message: message('from b'), ttl: 300 })

  const fetched = await b.request('irn_batchFetchMessages', { topics: [t] })
  const result = fetched.result as { messages: { topic: string; message: string; publishedAt: number }[]; hasMore: boolean }
  assert.is(result.hasMore, false)
  assert.equal(result.messages.map((m) => m.message), [message('from a')])
  assert.is(result.messages[0]?.topic, t)
  assert.type(result.messages[0]?.publishedAt, 'number')

  const again = await b.request('irn_batchFetchMessages', { topics: [t] })
  assert.equal((again.result as { messages: unknown[] }).messages, [], 'a fetched message is handed out once')
})

test('irn_unsubscribe stops delivery', async (ctx) => {
  const [subscriber, publisher] = [await connect(ctx), await connect(ctx)]
  const t = topic()
  const sub = await subscriber.request('irn_subscribe', { topic: t })
  await publisher.request('irn_publish', { topic: t, message: message('before'), ttl: 300 })
  await subscriber.waitFor(() => subscriber.subscriptions[0])

  const un = await subscriber.request('irn_unsubscribe', { topic: t, id: sub.result })
  assert.is(un.result, true)
  await publisher.request('irn_publish', { topic: t, message: message('after'), ttl: 300 })
  await sleep(150)
  assert.is(subscriber.subscriptions.length, 1)

  const batch = await subscriber.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t, id: sub.result }] })
  assert.is(batch.result, true)
})

test('messages expire with their ttl', async (ctx) => {
  const publisher = await connect(ctx)
  const t = topic()
  const before = ctx.relay.stats().messages
  await publisher.request('irn_publish', { topic: t, message: message('short-lived'), ttl: 1 })
  await publisher.request('irn_publish', { topic: t, message: message('long-lived'), ttl: 300 })
  assert.is(ctx.relay.stats().messages, before + 2)
  await sleep(1100)
  assert.is(ctx.relay.stats().messages, before + 1)

  const late = await connect(ctx)
  await late.request('irn_subscribe', { topic: t })
  await late.waitFor(() => late.subscriptions[0])
  await sleep(100)
  assert.equal(late.subscriptions.map((f) => data(f).message), [message('long-lived')])
})

test('wc_proposeSession subscribes the proposer to the pairing topic and stores the proposal for the wallet', async (ctx) => {
  const [dapp, wallet] = [await connect(ctx), await connect(ctx)]
  const pairingTopic = topic()
  const reply = await dapp.request('wc_proposeSession', {
    pairingTopic,
    sessionProposal: message('proposal'),
    ttl: 300,
    tag: 1100,
    correlationId: 123,
  })
  assert.is(reply.result, true)

  await wallet.request('irn_subscribe', { topic: pairingTopic })
  const proposal = await wallet.waitFor(() => wallet.subscriptions[0])
  assert.is(data(proposal).message, message('proposal'))

  // the wallet's answer on the pairing topic reaches the dApp without an irn_subscribe of its own
  await wallet.request('irn_publish', { topic: pairingTopic, message: message('rejection'), ttl: 300 })
  const answer = await dapp.waitFor(() => dapp.subscriptions[0])
  assert.is(data(answer).message, message('rejection'))
  assert.is(data(answer).topic, pairingTopic)
})

test('wc_approveSession publishes to both topics and subscribes the wallet to the session topic', async (ctx) => {
  const [dapp, wallet] = [await connect(ctx), await connect(ctx)]
  const [pairingTopic, sessionTopic] = [topic(), topic()]
  await dapp.request('wc_proposeSession', { pairingTopic, sessionProposal: message('proposal') })
  await wallet.request('irn_subscribe', { topic: pairingTopic })
  await wallet.waitFor(() => wallet.subscriptions[0])

  const reply = await wallet.request('wc_approveSession', {
    sessionTopic,
    pairingTopic,
    sessionProposalResponse: message('response'),
    sessionSettlementRequest: message('settle'),
    ttl: 300,
    correlationId: 1,
  })
  assert.is(reply.result, true)

  const response = await dapp.waitFor(() => dapp.subscriptions[0])
  assert.is(data(response).message, message('response'))
  assert.is(data(response).topic, pairingTopic)

  await dapp.request('irn_subscribe', { topic: sessionTopic })
  const settle = await dapp.waitFor(() => dapp.subscriptions[1])
  assert.is(data(settle).message, message('settle'))
  assert.is(data(settle).topic, sessionTopic)

  await dapp.request('irn_publish', { topic: sessionTopic, message: message('settle ack'), ttl: 300 })
  const ack = await wallet.waitFor(() => wallet.subscriptions.find((f) => data(f).topic === sessionTopic))
  assert.is(data(ack).message, message('settle ack'))
})

test.run()
