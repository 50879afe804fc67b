// The analytics queue's rules (SPEC section 7, AppKit's EventsController and TelemetryController):
// never MODAL_CREATED, batches every 10 s or past 45 KB, a beacon on leave, at most 5 errors a minute.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createQueue, FLUSH_MS, MAX_ERRORS, ERROR_WINDOW_MS } from '../../../src/lazy/analytics/queue'
import type { AnalyticsEventBody } from '../../../src/signals/analytics'
import type { ModalEvent } from '../../../src/signals/events'

const test = suite('analytics queue')

function setup() {
  let now = 1_000_000
  let n = 0
  const sent: { events: AnalyticsEventBody[]; beacon: boolean }[] = []
  const queue = createQueue({
    send: (events, beacon) => (sent.push({ events, beacon }), true),
    page: () => ({ url: 'https://shop.example/cart', domain: 'shop.example' }),
    context: () => ({ address: '0xabc', caipNetworkId: 'eip155:1' }),
    id: () => `id-${++n}`,
    now: () => now,
  })
  return { queue, sent, tick: (ms: number) => (now += ms), at: () => now }
}
const ev = (event: string, properties?: Record<string, unknown>, timestamp = 5): ModalEvent => ({ timestamp, data: { type: 'track', event, properties } })

test('behavior: events wait for the batch; MODAL_CREATED is never queued; the body has AppKit\'s shape', () => {
  const { queue, sent } = setup()
  queue.add(ev('MODAL_CREATED'))
  queue.add(ev('MODAL_OPEN', { connected: false }))
  assert.is(sent.length, 0)
  assert.is(queue.pending(), 1)
  queue.flush()
  assert.equal(sent, [{
    beacon: false,
    events: [{ eventId: 'id-1', url: 'https://shop.example/cart', domain: 'shop.example', timestamp: 5, props: { type: 'track', event: 'MODAL_OPEN', address: '0xabc', properties: { connected: false, caipNetworkId: 'eip155:1' } } }],
  }])
  queue.flush()
  assert.is(sent.length, 1, 'an empty queue sends nothing')
})

test('behavior: an event 10 s after the last flush sends the batch; a leave sends by beacon', () => {
  const { queue, sent, tick } = setup()
  queue.add(ev('A'))
  tick(FLUSH_MS - 1)
  queue.add(ev('B'))
  assert.is(sent.length, 0)
  tick(1)
  queue.add(ev('C'))
  assert.equal(sent.map((s) => s.events.map((e) => e.props['event'])), [['A', 'B', 'C']])
  queue.add(ev('D'))
  queue.flush(true)
  assert.equal(sent[1]!.beacon, true)
  assert.equal(sent[1]!.events.map((e) => e.props['event']), ['D'])
})

test('behavior: a batch past 45 KB goes at once', () => {
  const { queue, sent } = setup()
  const big = 'x'.repeat(10_000)
  for (let i = 0; i < 4; i++) queue.add(ev('BIG', { big }))
  assert.is(sent.length, 0)
  queue.add(ev('BIG', { big }))
  assert.is(sent.length, 1)
  assert.is(sent[0]!.events.length, 5)
})

test('behavior: error telemetry goes at once with type, event, errorType, errorMessage, stackTrace; at most 5 per 60 s', () => {
  const { queue, sent, tick } = setup()
  const error = () => ev('INTERNAL_SDK_ERROR', { errorType: 'UniversalProviderInitError', errorMessage: 'relay down', stackTrace: 'at x', uncaught: false })
  queue.add(error())
  assert.equal(sent[0], {
    beacon: false,
    events: [{ eventId: 'id-1', url: 'https://shop.example/cart', domain: 'shop.example', timestamp: 5, props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'UniversalProviderInitError', errorMessage: 'relay down', stackTrace: 'at x', address: '0xabc' } }],
  })
  for (let i = 0; i < 10; i++) queue.add(error())
  assert.is(sent.length, MAX_ERRORS)
  tick(ERROR_WINDOW_MS - 1)
  queue.add(error())
  assert.is(sent.length, MAX_ERRORS)
  tick(1)
  queue.add(error())
  assert.is(sent.length, MAX_ERRORS + 1, 'the window slides')
  assert.is(queue.pending(), 0, 'errors never wait in the batch')
})

test.run()
