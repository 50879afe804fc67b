// Faults survived (issue 17, item 5): the API server's database down (stack.faults 'db'), seen
// through the modal. Names, the e-mail login and the SIWX sign-in need the database: each says it
// is unavailable, keeps what was typed (and the connection), and works again once the database is back.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { connectFeaturePage, el, installFeaturePages, modal } from './feature-page.ts'
import { emailInput, embeddedPage, openConnect, otpInput, submitEmail } from './embedded-page.ts'
import { siwxPage } from './siwx-page.ts'
import { demoAccount } from '../../dev/chains/index.ts'
import { DB_UNAVAILABLE_REASON } from '../../server/db/unavailable.ts'
import type { FaultMode, FaultSwitch } from '../../dev/faults/index.ts'

const test = suite('e2e: faults — the database down, through the modal')
let e2e: E2E
let db: FaultSwitch
const owner = demoAccount(3)
const NAME = 'grace-postern.reown.id'

test.before(async () => {
  e2e = await startE2E()
  db = e2e.stack.faults.get('db')
  installFeaturePages(e2e.stack, 'db', [3])
  e2e.stack.web.setPage('/t/db-email.html', embeddedPage(e2e.stack))
  e2e.stack.web.setPage('/t/db-siwx.html', siwxPage(e2e.stack, { siwx: 'new S.ReferenceAuthSIWX()' }))
  // The account holds a name, so the reverse lookup has something to show once the database is back.
  const message = JSON.stringify({ name: NAME, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const body = { coin_type: 0x80000001, address: owner.address, message, signature: await owner.signMessage({ message }) }
  const res = await fetch(`${e2e.stack.api.url}/v1/profile/account?projectId=${e2e.stack.config.projectId}`, { method: 'POST', body: JSON.stringify(body) })
  assert.is(res.status, 200)
})
test.after(async () => {
  await e2e?.stop()
})
test.before.each(() => e2e.stack.faults.clear())

for (const mode of ['refuse', '500'] as FaultMode[]) {
  test(`behavior: the database ${mode === 'refuse' ? 'refusing' : 'not accepting connections'}: names say it is unavailable, the label and the connection stay; once it is back the names and suggestions come`, async () => {
    const { page, errors } = await connectFeaturePage(e2e, 'db', 3)
    const address = await page.evaluate(() => (window as any).modal.getAddress())
    db.set(mode)
    await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
    // The reverse lookup and the suggestions both need the database: the API's reason, in the view.
    await modal(page).locator('p.error[role=alert]', { hasText: DB_UNAVAILABLE_REASON }).first().waitFor()
    await el(page, 'name-input').fill('heidi-postern')
    await modal(page).locator('[data-testid=name-error]', { hasText: DB_UNAVAILABLE_REASON }).waitFor()
    assert.is(await el(page, 'name-suggestions').count(), 0)
    assert.ok(db.requests.length > 0, 'the API asked the database')

    // Usable and nothing lost: closed and opened on Account, still connected; the label typed is kept.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await page.locator('appkit-button button').click()
    await el(page, 'account-name').waitFor()
    assert.ok(await page.evaluate(() => (window as any).modal.getIsConnected()))
    assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)

    db.set('none')
    await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
    assert.is(await el(page, 'name-input').inputValue(), 'heidi-postern')
    await modal(page).locator('[data-testid=names-own]', { hasText: NAME }).waitFor()
    await el(page, 'name-input').fill('heidi-postern2')
    await modal(page).locator('[data-testid=name-suggestions] li', { hasText: 'heidi-postern2.reown.id' }).first().waitFor()
    assert.is(await el(page, 'name-error').count(), 0)
    assert.equal(errors.filter((e) => !/^Failed to load resource: the server responded with a status of 503/.test(e)), [])
  })
}

test('behavior: the database down at e-mail login: the login says so and keeps the e-mail typed; once it is back the code is mailed', async () => {
  const { page } = await e2e.newPage()
  await openConnect(page, `${e2e.stack.web.url}/t/db-email.html`)
  db.set('refuse')
  await submitEmail(page, 'ivan@example.com')
  // The secure site's API answers 503 with its reason; the frame passes it on and the field shows it.
  await modal(page).locator('[data-testid=w3m-email-error]', { hasText: DB_UNAVAILABLE_REASON }).waitFor({ timeout: 30_000 })
  assert.is(await emailInput(page).inputValue(), 'ivan@example.com')
  assert.is(await otpInput(page).count(), 0)
  db.set('none')
  await page.locator('w3m-modal [data-testid=w3m-email-login] button[type=submit]').click()
  await otpInput(page).waitFor({ timeout: 30_000 })
  assert.is(e2e.stack.mail.messages.filter((m) => m.to.includes('ivan@example.com')).length, 1)
})

test('behavior: the database down at a SIWX sign-in: the sign view stays with the error, the wallet stays connected; once it is back signing in keeps a session', async () => {
  const { page, errors } = await e2e.newPage()
  const sessions = async (address: string) => {
    const res = await fetch(`${e2e.stack.api.url}/v1/sessions/${address}?projectId=${e2e.stack.config.projectId}`)
    return ((await res.json()) as { sessions: unknown[] }).sessions
  }
  await page.goto(`${e2e.stack.web.url}/t/db-siwx.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'Alpha Wallet' }).first().click()
  const signView = page.locator('w3m-modal [data-testid=siwx-sign-message]')
  await signView.waitFor({ timeout: 30_000 })
  const address = await page.evaluate(() => (window as any).modal.getAddress() as string)

  db.set('refuse')
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await page.locator('w3m-modal .toast.error', { hasText: 'Sign-in is unavailable right now; try again shortly' }).waitFor({ timeout: 30_000 })
  assert.ok(db.requests.length > 0, 'the API asked the database')
  // Nothing lost: the sign view is still there, the wallet still connected on the same address.
  assert.ok(await signView.isVisible())
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), true)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)

  db.set('none')
  assert.equal(await sessions(address), [], 'no session was kept while the database was down')
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached', timeout: 30_000 })
  assert.is((await sessions(address)).length, 1)
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), true)
  const events = await page.evaluate(() => (window as any).events.map((e: any) => e.event) as string[])
  assert.equal(events.filter((e) => e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_ERROR', 'CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS'])
  assert.equal(errors.filter((e) => !/^Failed to load resource: the server responded with a status of 503/.test(e)), [])
})

test.run()
