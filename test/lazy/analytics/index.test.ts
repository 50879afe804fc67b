// The event sender against the project's analytics switch (/getAnalyticsConfig, held by the test
// until it chooses the answer): nothing leaves before the switch says on, not even when the page is
// left; a switch that says off stops every send, at leave too.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../../src/signals/store'
import { parseOptions } from '../../../src/signals/options'
import { emitEvent } from '../../../src/signals/events'
import { startAnalytics } from '../../../src/lazy/analytics/index'
import { mainnet } from '../../../src/networks'
import { waitFor } from '../../wait'

const test = suite('analytics sender and the project switch')

/** The provider API's switch: each /getAnalyticsConfig waits until the test answers it. */
const held: ServerResponse[] = []
const server = createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*')
  if (req.method === 'OPTIONS') res.writeHead(204).end()
  else if (req.url?.startsWith('/getAnalyticsConfig')) held.push(res)
  else res.writeHead(404).end('{}')
})
let apiUrl = ''
test.before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())))

const answerSwitch = (isAnalyticsEnabled: boolean) => {
  for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ isAnalyticsEnabled }))
}

/** Every beacon the page sends, by project (listeners of earlier tests stay on the window). */
const beacons: { projectId: string; events: string[] }[] = []
const realBeacon = navigator.sendBeacon.bind(navigator)
test.before.each(() => {
  beacons.length = 0
  navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
    const projectId = new URL(String(url)).searchParams.get('projectId')!
    const entry = { projectId, events: [] as string[] }
    beacons.push(entry)
    void (data as Blob).text().then((body) => entry.events.push(...JSON.parse(body).map((e: any) => e.props.event)))
    return true
  }
})
test.after.each(() => {
  answerSwitch(false) // a test that failed early leaves no request waiting for the next
  navigator.sendBeacon = realBeacon
})

const leavePage = async () => {
  dispatchEvent(new Event('pagehide'))
  await new Promise((r) => setTimeout(r, 20)) // the beacons' bodies read
}
const sent = (projectId: string) => beacons.filter((b) => b.projectId === projectId).flatMap((b) => b.events)

/** A kit's sender started, its switch request held, the modal opened: the events before the answer. */
async function startHeld(projectId: string, before: ('INITIALIZE' | 'MODAL_CREATED')[] = ['INITIALIZE']) {
  const store = createStore(parseOptions({ projectId, networks: [mainnet], apiUrl }))
  for (const name of before) emitEvent(store, name)
  const starting = startAnalytics(store)
  await waitFor(() => held.length === 1, 'switch request')
  emitEvent(store, 'MODAL_OPEN', { connected: false })
  return { store, starting }
}

test('privacy: the page is left before the switch answers: nothing is sent until it says on', async () => {
  const { store, starting } = await startHeld('left-early')
  emitEvent(store, 'CONNECT_SUCCESS', { address: '0xabc' })
  await leavePage()
  assert.equal(sent('left-early'), [], 'no event may leave before the project is known to want them')
  // The page comes back (back/forward cache) and the switch says on: every event goes once.
  answerSwitch(true)
  await starting
  emitEvent(store, 'MODAL_CLOSE')
  await leavePage()
  assert.equal(sent('left-early'), ['INITIALIZE', 'MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE'])
})

test('behavior: the switch says off: nothing is sent, at leave or after', async () => {
  const { store, starting } = await startHeld('switched-off')
  answerSwitch(false)
  await starting
  emitEvent(store, 'CONNECT_SUCCESS', { address: '0xabc' })
  await leavePage()
  assert.equal(sent('switched-off'), [])
  assert.is(store.wallets.analytics.value, false)
})

test('behavior: the switch says on before the page is left: one beacon with every event, early ones first', async () => {
  const { store, starting } = await startHeld('switched-on', ['INITIALIZE', 'MODAL_CREATED'])
  answerSwitch(true)
  await starting
  emitEvent(store, 'CONNECT_SUCCESS', { address: '0xabc' })
  await leavePage()
  assert.equal(sent('switched-on'), ['INITIALIZE', 'MODAL_OPEN', 'CONNECT_SUCCESS'])
  assert.is(beacons.filter((b) => b.projectId === 'switched-on').length, 1)
})

test.run()
