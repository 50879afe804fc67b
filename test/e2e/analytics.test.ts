// Analytics end to end: a page using the script tag, the injected wallet and the local stack;
// its events reach the reference API's database (batched, by beacon when the page is left),
// and with features.analytics off the page asks nothing of /e.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { readEvents, type StoredEvent } from '../../server/events.ts'
import { demoAddresses } from '../../dev/chains/index.ts'
import { FLUSH_MS } from '../../src/lazy/analytics/queue.ts'

const test = suite('e2e: analytics')
let e2e: E2E
const address = demoAddresses()[0]!

test.before(async () => {
  e2e = await startE2E({ ownStack: true, bundlers: 'on-demand' })
  e2e.stack.web.setPage('/t/analytics.html', evmPage(e2e.stack))
  e2e.stack.web.setPage('/t/analytics-early.html', evmPage(e2e.stack))
  e2e.stack.web.setPage('/t/no-analytics.html', evmPage(e2e.stack, { options: 'features: { analytics: false, email: false, socials: false },' }))
})
test.after(async () => {
  await e2e?.stop()
})

/** The page's stored events once `until` holds, or when `ms` have passed (a beacon on a loaded machine takes its time). */
async function stored(url: string, until: (events: StoredEvent[]) => boolean, ms = 60_000): Promise<StoredEvent[]> {
  for (const end = Date.now() + ms; ;) {
    const events = (await readEvents(e2e.stack.api.db, e2e.stack.config.projectId)).filter((e) => e.url === url)
    if (until(events) || Date.now() > end) return events
    await new Promise((r) => setTimeout(r, 100))
  }
}

test('behavior: the page\'s events reach the database when it is left; never MODAL_CREATED', async () => {
  const { page, errors } = await e2e.newPage()
  const url = `${e2e.stack.web.url}/t/analytics.html`
  // When each post left, from before the page's first event: a batch waits 10 s (a loaded machine may take longer to connect).
  const start = Date.now()
  const posts: number[] = []
  page.on('request', (r) => r.url().includes('/e?') && posts.push(Date.now() - start))
  // Nothing is sent before the project's switch says on (the next test): on a loaded machine its
  // answer can come late, so the page is left only once it has arrived.
  const switched = page.waitForResponse(/\/getAnalyticsConfig/, { timeout: 60_000 })
  await page.goto(url)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal(posts.filter((ms) => ms < FLUSH_MS), [], 'batched: nothing sent before 10 s or the page leaving')
  await (await switched).finished()
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0))) // the answer read by the page
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

test('privacy: a page left before the project\'s switch answers sends nothing (off until it says on)', async () => {
  const { page } = await e2e.newPage()
  const url = `${e2e.stack.web.url}/t/analytics-early.html`
  // The switch is asked but answers only after the page is gone (a loaded API, a slow network).
  let asked!: () => void
  const switchAsked = new Promise<void>((resolve) => (asked = resolve))
  await page.route(/\/getAnalyticsConfig/, () => asked())
  const posts: string[] = []
  page.on('request', (r) => r.url().includes('/e?') && posts.push(r.url()))
  await page.goto(url)
  await switchAsked
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await page.goto('about:blank')
  // A beacon sent at leave would be stored within this wait (the first test's arrive in well under it).
  assert.equal(await stored(url, (list) => list.length > 0, 10_000), [])
  assert.equal(posts, [], 'no post, no beacon')
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
  assert.equal(await stored(url, () => false, 10_000), [])
})

test.run()
