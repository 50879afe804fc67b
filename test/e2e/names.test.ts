// Names in Chromium on the real stack: a registered name is the account's profile name, shows in
// the reverse lookup, is suggested as taken and resolves in the send form; registration without
// an embedded wallet is refused with the spec's message; the API refuses bad registrations.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startE2E, type E2E } from './harness.ts'
import { connectFeaturePage, el, eventNames as events, installFeaturePages, modal } from './feature-page.ts'
import { demoAccount } from '../../dev/chains/index.ts'

const test = suite('e2e: names')
let e2e: E2E
const owner = demoAccount(3)
const NAME = 'carol-postern.reown.id'

async function register(account: typeof owner, name: string, opts: { timestamp?: number } = {}) {
  const message = JSON.stringify({ name, attributes: {}, timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000) })
  const body = { coin_type: 0x80000001, address: account.address, message, signature: await account.signMessage({ message }) }
  const res = await fetch(`${e2e.stack.api.url}/v1/profile/account?projectId=${e2e.stack.config.projectId}`, { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
const stored = async () => (await e2e.stack.api.db.query<{ name: string }>('SELECT name FROM names ORDER BY name')).map((r) => r.name)

const connect = (index: number) => connectFeaturePage(e2e, 'names', index)

test.before(async () => {
  e2e = await startE2E({ ownStack: true, bundlers: 'on-demand' })
  installFeaturePages(e2e.stack, 'names', [3, 4])
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: each refused registration is refused by the API with nothing stored', async () => {
  const now = Math.floor(Date.now() / 1000)
  assert.is((await register(owner, 'abc.reown.id')).status, 400)
  assert.is((await register(owner, 'bad_name.reown.id')).status, 400)
  assert.is((await register(owner, 'stale-name.reown.id', { timestamp: now - 3600 })).status, 400)
  const forged = JSON.stringify({ name: 'forged-name.reown.id', attributes: {}, timestamp: now })
  const res = await fetch(`${e2e.stack.api.url}/v1/profile/account?projectId=${e2e.stack.config.projectId}`, {
    method: 'POST', body: JSON.stringify({ coin_type: 0x80000001, address: owner.address, message: forged, signature: await demoAccount(4).signMessage({ message: forged }) }),
  })
  assert.is(res.status, 401)
  assert.equal(await stored(), [])
  assert.is((await register(owner, NAME)).status, 200)
  const taken = await register(demoAccount(4), NAME)
  assert.is(taken.status, 409)
  assert.equal(await stored(), [NAME])
})

test('behavior: the registered name is the profile name, the reverse lookup shows it and suggestions mark it taken', async () => {
  const { page, errors } = await connect(3)
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-name]', { hasText: NAME }).waitFor()
  assert.match(await page.locator('appkit-button button').innerText(), /carol-postern/)
  await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
  await el(page, 'names-own').waitFor()
  assert.match(await el(page, 'names-own').innerText(), /carol-postern\.reown\.id/)
  await el(page, 'name-input').fill('carol-postern')
  await modal(page).locator('[data-testid=name-suggestions] li', { hasText: NAME }).first().waitFor()
  assert.match(await modal(page).locator('[data-testid=name-suggestions] li', { hasText: NAME }).first().innerText(), /Registered/)
  assert.is(await el(page, 'name-register').innerText(), 'Name taken')
  assert.ok((await events(page)).includes('OPEN_ENS_FLOW'))
  assert.equal(errors, [])
})

test('behavior: registering with an injected wallet shows "Address or auth connector not found" and stores nothing', async () => {
  const { page } = await connect(4)
  await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
  await el(page, 'name-input').fill('dave-postern')
  await modal(page).locator('[data-testid=name-suggestions] li', { hasText: 'dave-postern.reown.id' }).first().waitFor()
  await el(page, 'name-register').click()
  await el(page, 'name-error').waitFor()
  assert.is(await el(page, 'name-error').innerText(), 'Address or auth connector not found')
  const seen = await events(page)
  assert.ok(seen.includes('REGISTER_NAME_INITIATED') && seen.includes('REGISTER_NAME_ERROR'))
  assert.equal(await stored(), [NAME])
})

test('behavior: suggestions without an API reason show "Error fetching name suggestions"; with one, the reason', async () => {
  const { page } = await connect(4)
  await page.route('**/v1/profile/suggestions/**', (route) => route.fulfill({ status: 500, body: '' }))
  await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
  await el(page, 'name-input').fill('erin-postern')
  await modal(page).locator('[data-testid=name-error]', { hasText: 'Error fetching name suggestions' }).waitFor()
  await page.unroute('**/v1/profile/suggestions/**')
  await page.route('**/v1/profile/suggestions/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ reasons: [{ name: 'busy', description: 'Names are resting' }] }) }))
  await el(page, 'name-input').fill('erin-postern2')
  await modal(page).locator('[data-testid=name-error]', { hasText: 'Names are resting' }).waitFor()
})

test('behavior: the send form takes a name as the receiver and resolves it to its address', async () => {
  const { page } = await connect(4)
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  const receiver = modal(page).getByLabel('Receiver address')
  await receiver.fill(NAME)
  await page.waitForFunction((a) => {
    const input = document.querySelector('w3m-modal')!.shadowRoot!.querySelector('#send-to') as HTMLInputElement | null
    return input?.value === a
  }, owner.address)
})

test.run()
