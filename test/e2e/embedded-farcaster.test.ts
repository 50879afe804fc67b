// Farcaster login as a visitor does it: Connect → Farcaster → the QR view (axe clean, light and
// dark) → the test Farcaster client signs in at the local relay with the channel's link → the modal
// is connected with the embedded wallet (authProvider 'farcaster', the Farcaster user name); a
// reload restores it; the same fid on a fresh profile gets the same address.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { embeddedPage, openConnect } from './embedded-page.ts'
import { axeDialog, describe } from './axe.ts'
import { registerFid, signInWithFarcaster } from '../../dev/farcaster/client.ts'

const test = suite('e2e: embedded wallet by Farcaster')
let e2e: E2E
const THEMES = ['light', 'dark'] as const

test.before(async () => {
  e2e = await startE2E()
  for (const theme of THEMES) {
    e2e.stack.web.setPage(`/t/farcaster-${theme}.html`, embeddedPage(e2e.stack, `themeMode: '${theme}', features: { socials: ['farcaster', 'google'] },`))
  }
  await registerFid(e2e.stack.farcaster, 1001, 'farah')
})
test.after(async () => {
  await e2e?.stop()
})

/** Connect → Farcaster → the QR view; returns the channel link the view shows. */
async function openFarcaster(page: Page, theme: (typeof THEMES)[number] = 'light'): Promise<string> {
  await openConnect(page, `${e2e.stack.web.url}/t/farcaster-${theme}.html`)
  await page.locator('w3m-modal [data-testid=w3m-social-farcaster]').click()
  const view = page.locator('w3m-modal [data-testid=w3m-farcaster-view]')
  await view.waitFor()
  const link = await page.locator('w3m-modal [data-testid=w3m-farcaster-open]').getAttribute('href')
  assert.ok(link)
  return link
}

async function completeLogin(page: Page, fid: number): Promise<string> {
  const link = await openFarcaster(page)
  assert.match(link, /^https:\/\/warpcast\.com\/~\/siwf\?channelToken=/)
  await signInWithFarcaster(e2e.stack.farcaster.url, link, { fid })
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return page.evaluate(() => (window as any).modal.getAddress() as string)
}

for (const theme of THEMES) {
  test(`behavior: axe finds nothing on ConnectingFarcaster's QR view (${theme})`, async () => {
    const { page, errors } = await e2e.newPage()
    await openFarcaster(page, theme)
    assert.ok(await page.locator('w3m-modal svg.qr[role=img]').isVisible(), 'the QR code shows')
    await page.waitForTimeout(250)
    const found = describe('ConnectingFarcaster', await axeDialog(page))
    assert.equal(found, [])
    assert.equal(errors, [])
  })
}

test('behavior: leaving the QR view before the login connected is SOCIAL_LOGIN_CANCELED, as in AppKit', async () => {
  const { page } = await e2e.newPage()
  await openFarcaster(page)
  await page.evaluate(() => {
    const w = window as any
    w.__events = []
    w.modal.subscribeEvents((e: any) => w.__events.push(e.data))
  })
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).__events.some((e: any) => e.event === 'SOCIAL_LOGIN_CANCELED'))
  const cancel = await page.evaluate(() => (window as any).__events.find((e: any) => e.event === 'SOCIAL_LOGIN_CANCELED'))
  assert.equal(cancel.properties, { provider: 'farcaster' })
})

test('behavior: the test Farcaster client signs in at the relay → connected (authProvider farcaster, the user name); reload restores; the same fid on a fresh profile → the same address', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await completeLogin(page, 1001)
  assert.match(address, /^0x[0-9a-fA-F]{40}$/)
  const info = await page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo)
  assert.equal({ authProvider: info.authProvider, username: info.user.username, email: info.user.email }, { authProvider: 'farcaster', username: 'farah', email: null })
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)
  assert.is(await page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo?.authProvider), 'farcaster')
  const fresh = await e2e.newPage()
  assert.is(await completeLogin(fresh.page, 1001), address)
  assert.equal(errors, [])
})

test.run()
