// AppKit's upgrade from the embedded wallet, end to end: the Account view's "Upgrade your wallet"
// row (EMAIL_UPGRADE_FROM_MODAL) opens UpgradeEmailWallet with the secure site's dashboard link;
// the dashboard, on the secure origin, shows the same account, reveals its keys only after a
// confirmation and a new e-mail code typed on the dashboard (the EVM key is the EOA's, the Solana
// key the frame's Solana account), and its
// "log out of this browser" leaves the site's page unconnected after a reload. The dashboard speaks
// the modal's language (the link's ?lang=), else the browser's.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { privateKeyToAccount } from 'viem/accounts'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, getBase58Encoder } from '@solana/kit'
import { dialog, type E2E } from './harness.ts'
import { codeFromInbox, loginByEmail, mailCount, recordEvents, withEmbeddedPage } from './embedded-page.ts'
import { axeIn, describe } from './axe.ts'

const test = suite('e2e: embedded wallet upgrade (UpgradeEmailWallet and the secure dashboard)')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)), '/t/upgrade.html')

test('behavior: Upgrade → the dashboard link; the dashboard shows the EOA, reveals its keys after confirming, and logs this browser out', async () => {
  const { page, context, errors } = await e2e.newPage()
  await recordEvents(page)
  await loginByEmail(page, e2e.browser, e2e.stack, url, 'upgrade@example.com')
  // The modal may show the smart account; the key is the EOA's (its owner).
  const { allAccounts } = await page.evaluate(() => (window as any).modal.getAccount())
  const eoa = allAccounts.find((a: { type: string }) => a.type === 'eoa').address as string

  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal [data-testid=w3m-wallet-upgrade-card]').click()
  const link = page.locator('w3m-modal [data-testid=w3m-secure-website-button]')
  await link.waitFor()
  assert.ok(await page.evaluate(() => (window as any).__events.includes('EMAIL_UPGRADE_FROM_MODAL')))
  assert.is(await link.getAttribute('href'), `${e2e.stack.secure.url}/dashboard.html?lang=en`)
  assert.is(await link.getAttribute('target'), '_blank')
  assert.match((await link.getAttribute('rel'))!, /\bnoopener\b/)
  await page.locator('w3m-modal [data-testid=w3m-upgrade-wallet]', { hasText: 'You will have to reconnect for security reasons' }).waitFor()

  const [dashboard] = await Promise.all([context.waitForEvent('page'), link.click()])
  const logs: string[] = []
  dashboard.on('console', (m) => logs.push(m.text()))
  await dashboard.locator('[data-testid=dashboard-address]', { hasText: /^0x/ }).waitFor({ timeout: 30_000 })
  assert.is(new URL(dashboard.url()).origin, e2e.stack.secure.url)
  assert.is(await dashboard.locator('[data-testid=dashboard-address]').textContent(), eoa)
  assert.is(await dashboard.locator('[data-testid=dashboard-who]').textContent(), 'upgrade@example.com')
  const a11y = describe('dashboard', await axeIn(dashboard, ['main']))

  // No key before the explicit confirmation.
  const reveal = dashboard.locator('[data-testid=dashboard-reveal]')
  assert.ok(await reveal.isDisabled())
  assert.is(await dashboard.locator('[data-testid=dashboard-evm-key]').textContent(), '')
  await dashboard.locator('[data-testid=dashboard-confirm]').check()
  // The reveal asks for a new code first, mailed by the login's own start; no key before it.
  const mails = mailCount(e2e.stack, 'upgrade@example.com')
  await reveal.click()
  const code = dashboard.locator('[data-testid=dashboard-code]')
  await code.waitFor()
  await dashboard.locator('#status', { hasText: 'We sent a code to your e-mail.' }).waitFor()
  const evmKey = dashboard.locator('[data-testid=dashboard-evm-key]')
  assert.is(await evmKey.textContent(), '')
  await code.fill(await codeFromInbox(e2e.browser, e2e.stack, 'upgrade@example.com', mails))
  await dashboard.locator('[data-testid=dashboard-code-submit]').click()
  await evmKey.filter({ hasText: /^0x[0-9a-f]{64}$/ }).waitFor()
  assert.is(privateKeyToAccount((await evmKey.textContent()) as `0x${string}`).address, eoa)
  a11y.push(...describe('dashboard (keys shown)', await axeIn(dashboard, ['main'])))
  await dashboard.emulateMedia({ colorScheme: 'dark' })
  a11y.push(...describe('dashboard (dark)', await axeIn(dashboard, ['main'])))
  assert.equal(a11y, [])
  // The Solana secret is seed then public key, base58: its seed makes the Solana address shown.
  const solanaSecret = getBase58Encoder().encode((await dashboard.locator('[data-testid=dashboard-solana-key]').textContent())!)
  assert.is(solanaSecret.length, 64)
  const pair = await createKeyPairFromPrivateKeyBytes(new Uint8Array(solanaSecret.slice(0, 32)))
  assert.is(await getAddressFromPublicKey(pair.publicKey), await dashboard.locator('[data-testid=dashboard-solana-address]').textContent())
  assert.ok(!dashboard.url().includes((await evmKey.textContent())!.slice(2)))
  assert.ok(logs.every((line) => !/[0-9a-f]{64}/.test(line)), 'the key is never logged')
  await dashboard.locator('[data-testid=dashboard-hide]').click()
  assert.is(await evmKey.textContent(), '')

  // Log out of this browser: the site's page, reloaded, is no longer connected.
  await dashboard.locator('[data-testid=dashboard-logout]').click()
  await dashboard.locator('#status', { hasText: 'You are logged out of this browser.' }).waitFor()
  await dashboard.reload()
  await dashboard.locator('#status', { hasText: 'No embedded wallet is logged in' }).waitFor({ timeout: 30_000 })
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getAccount()?.status === 'disconnected', undefined, { timeout: 60_000 })
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.equal(errors, [])
})

test('behavior: open({ view: "UpgradeEmailWallet" }) shows the view; the dashboard without a session says so', async () => {
  const { page } = await e2e.newPage()
  await page.goto(url)
  await page.waitForFunction(() => (window as any).modal)
  await page.evaluate(() => (window as any).modal.open({ view: 'UpgradeEmailWallet' }))
  await dialog(page).waitFor()
  await page.locator('w3m-modal [data-testid=w3m-secure-website-button]').waitFor()
  await page.goto(`${e2e.stack.secure.url}/dashboard.html`)
  await page.locator('#status', { hasText: 'No embedded wallet is logged in on this browser.' }).waitFor({ timeout: 30_000 })
  assert.ok(await page.locator('[data-testid=dashboard-reveal]').isHidden())
})

test('behavior: the dashboard speaks the language the modal names, else the browser\'s; Arabic right to left, with no axe violation; the device page too', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.secure.url}/dashboard.html?lang=de`)
  await page.locator('#status', { hasText: 'In diesem Browser ist keine eingebettete Wallet angemeldet.' }).waitFor({ timeout: 30_000 })
  assert.is(await page.locator('h1').textContent(), 'Deine eingebettete Wallet')
  assert.is(await page.title(), 'Deine eingebettete Wallet')
  assert.is(await page.evaluate(() => document.documentElement.lang), 'de')

  await page.goto(`${e2e.stack.secure.url}/dashboard.html?lang=ar`)
  await page.locator('#status', { hasText: 'لا توجد محفظة مدمجة' }).waitFor({ timeout: 30_000 })
  assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl')
  assert.equal(describe('dashboard (ar)', await axeIn(page, ['main'])), [])

  // The device approval page too: a link that cannot be used says so, in German.
  await page.goto(`${e2e.stack.secure.url}/device.html?lang=de&token=unknown`)
  assert.is(await page.locator('h1').textContent(), 'Dieses Gerät bestätigen')
  await page.waitForFunction(() => !/^(Wird bestätigt…|Approving…)$/.test(document.getElementById('status')!.textContent!))

  // Opened from an e-mail or a bookmark (no ?lang=): the browser's language.
  const context = await e2e.browser.newContext({ locale: 'fr-FR' })
  try {
    const french = await context.newPage()
    await french.goto(`${e2e.stack.secure.url}/dashboard.html`)
    await french.locator('#status', { hasText: 'Aucun portefeuille intégré n’est connecté dans ce navigateur.' }).waitFor({ timeout: 30_000 })
    assert.is(await french.locator('h1').textContent(), 'Votre portefeuille intégré')
  } finally {
    await context.close()
  }
})

test.run()
