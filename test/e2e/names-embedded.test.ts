// Name registration end to end with the embedded wallet: e-mail login, RegisterAccountName, the
// message signed in the secure frame, the server's check of the signature, then the name resolves,
// reverse-resolves, is the Account view's name, and is still there after the stack restarts. The
// signer is the default smart account, before its deployment (ERC-6492 at the server).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { launchChromium } from '../browser.ts'
import { startStack, type Stack } from '../../dev/stack.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'
import { el, modal } from './feature-page.ts'

const test = suite('e2e: name registration with the embedded wallet')
const LABEL = 'ada-postern'
const NAME = `${LABEL}.reown.id`
let dir: string
let stack: Stack
let browser: Browser
let address: string

const api = (path: string) => fetch(`${stack.api.url}${path}${path.includes('?') ? '&' : '?'}projectId=${stack.config.projectId}`).then(async (r) => ({ status: r.status, json: (await r.json()) as any }))
/** The name resolves to the address (coin type of chain 1) and is the address's only name. */
async function assertStored() {
  const resolved = await api(`/v1/profile/account/${NAME}`)
  assert.is(resolved.status, 200)
  assert.is(resolved.json.addresses[String(0x80000001)].address.toLowerCase(), address.toLowerCase())
  const reverse = await api(`/v1/profile/reverse/${address}`)
  assert.equal(reverse.json.map((r: any) => r.name), [NAME])
}
// The Bitcoin and TON ledgers keep no state folder and play no part in names: left out of both starts.
const start = () => startStack({ solana: false, reactDemo: false, bitcoin: false, ton: false, stateDir: dir })

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'postern-names-'))
  stack = await start()
  browser = await launchChromium()
})
test.after(async () => {
  await browser?.close().catch(() => undefined)
  await stack?.stop()
  rmSync(dir, { recursive: true, force: true })
})

test('behavior: RegisterAccountName signs in the secure frame, the API stores the name, and the Account view shows it', async () => {
  stack.web.setPage('/t/names-embedded.html', embeddedPage(stack))
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  address = await loginByEmail(page, browser, stack, `${stack.web.url}/t/names-embedded.html`, 'names@example.com')
  // The embedded wallet's default on eip155 is a smart account not yet deployed: the name's signature is checked through ERC-6492.
  assert.is(await page.evaluate(() => (window as any).modal.getAccount()?.embeddedWalletInfo?.accountType), 'smartAccount')
  assert.is(await createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) }).getCode({ address: address as Hex }), undefined)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data.event))
  })
  await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
  await el(page, 'name-input').fill(LABEL)
  await modal(page).locator('[data-testid=name-suggestions] li', { hasText: NAME }).first().waitFor()
  const frame = secureFrame(page)
  // Rejected in the frame: back on RegisterAccountName with the spec's fallback, nothing stored.
  await el(page, 'name-register').click()
  await frame.locator('pre', { hasText: NAME }).waitFor()
  await frame.locator('[data-testid=w3m-frame-reject]').click()
  await modal(page).locator('[data-testid=name-error]', { hasText: `Error registering name ${NAME}` }).waitFor()
  assert.is((await api(`/v1/profile/account/${NAME}`)).status, 404)
  await el(page, 'name-register').click()
  await frame.locator('pre', { hasText: NAME }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  await el(page, 'name-success').waitFor()
  assert.is(await el(page, 'name-success').innerText(), NAME)
  // Each step sent its event once, also when the view came back around the frame's approvals.
  const events: string[] = await page.evaluate(() => (window as any).events)
  assert.equal(events.filter((e) => !e.startsWith('MODAL_')), ['OPEN_ENS_FLOW', 'REGISTER_NAME_INITIATED', 'REGISTER_NAME_ERROR', 'REGISTER_NAME_INITIATED', 'REGISTER_NAME_SUCCESS'])
  await modal(page).getByRole('button', { name: 'Go to account' }).click()
  await modal(page).locator('[data-testid=account-name]', { hasText: NAME }).waitFor()
  assert.equal(errors, [])
  await context.close()

  await assertStored()
})

test('behavior: after a restart of the stack the name still resolves, reverse-resolves, and is the Account view\'s name at the next login', async () => {
  await stack.stop()
  stack = await start()
  stack.web.setPage('/t/names-embedded.html', embeddedPage(stack))
  const context = await browser.newContext()
  const page = await context.newPage()
  assert.is(await loginByEmail(page, browser, stack, `${stack.web.url}/t/names-embedded.html`, 'names@example.com'), address)
  await page.locator('appkit-button button', { hasText: LABEL }).waitFor()
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-name]', { hasText: NAME }).waitFor()
  await context.close()
  await assertStored()
})

test.run()
