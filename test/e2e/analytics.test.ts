// Analytics end to end: a page using the script tag, the injected wallet and the local stack;
// its events reach the reference API's database (batched, by beacon when the page is left),
// and with features.analytics off the page asks nothing of /e.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { readEvents, type StoredEvent } from '../../server/events.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: analytics')
let e2e: E2E
const address = demoAddresses()[0]!

test.before(async () => {
  e2e = await startE2E({ ownStack: true, bundlers: 'on-demand' })
  e2e.stack.web.setPage('/t/analytics.html', evmPage(e2e.stack))
  e2e.stack.web.setPage('/t/no-analytics.html', evmPage(e2e.stack, { options: 'features: { analytics: false, email: false, socials: false },' }))
})
test.after(async () => {
  await e2e?.stop()
})

async function stored(url: string, until: (events: StoredEvent[]) => boolean): Promise<StoredEvent[]> {
  let events: StoredEvent[] = []
  for (let i = 0; i < 100; i++) {
    events = (await readEvents(e2e.stack.api.db, e2e.stack.config.projectId)).filter((e) => e.url === url)
    if (until(events)) return events
    await new Promise((r) => setTimeout(r, 100))
  }
  return events
}

test('behavior: the page\'s events reach the database when it is left; never MODAL_CREATED', async () => {
  const { page, errors } = await e2e.newPage()
  const url = `${e2e.stack.web.url}/t/analytics.html`
  const posts: string[] = []
  page.on('request', (r) => r.url().includes('/e?') && posts.push(r.method()))
  await page.goto(url)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal(posts, [], 'batched: nothing sent before 10 s or the page leaving')
  await page.goto('about:blank')
  const events = await stored(url, (list) => list.some((e) => e.event === 'CONNECT_SUCCESS'))
  const names = events.map((e) => e.event)
  for (const name of ['INITIALIZE', 'MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS']) assert.ok(names.includes(name), `${name} in ${names}`)
  assert.not.ok(names.includes('MODAL_CREATED'))
  const open = events.find((e) => e.event === 'MODAL_OPEN')!
  assert.equal({ st: open.st, domain: open.domain, type: open.props['type'], connected: (open.props['properties'] as any).connected }, { st: 'postern', domain: '127.0.0.1', type: 'track', connected: false })
  assert.is(events.find((e) => e.event === 'CONNECT_SUCCESS')!.props['address'], address)
  assert.is(new Set(events.map((e) => e.eventId)).size, events.length)
  assert.equal(errors, [])
})

test('behavior: with features.analytics off, neither the switch nor /e is asked and nothing is stored', async () => {
  const { page } = await e2e.newPage()
  const url = `${e2e.stack.web.url}/t/no-analytics.html`
  const asked: string[] = []
  page.on('request', (r) => /\/e\?|getAnalyticsConfig|loadAnalytics\.js|\/analytics-\w+\.m?js/.test(r.url()) && asked.push(r.url()))
  await page.goto(url)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.goto('about:blank')
  await new Promise((r) => setTimeout(r, 500))
  assert.equal(asked, [])
  assert.equal(await stored(url, () => false), [])
})

test.run()
