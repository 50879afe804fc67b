// Passkey mode end to end, with Chromium's virtual authenticator (WebAuthn PRF) on the secure site
// (localhost, a domain as relying party id): the owner adds a passkey on the dashboard after a new
// code; from then on the operator, holding the whole database and the wrapping key, cannot rebuild
// the wallet's key (tried before, where it works, and after, where it fails), and a browser with
// nothing of the wallet logs in to the same address with the e-mail code and the passkey; "Log out
// everywhere" then ends every session of the user.
import { createDecipheriv } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import type { E2E } from './harness.ts'
import { codeFromInbox, loginByEmail, mailCount, withEmbeddedPage } from './embedded-page.ts'
import { unseal } from '../../server/auth-email/seal.ts'

const test = suite('e2e: embedded wallet passkey mode')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

/** A virtual authenticator with PRF on the page; returns how many assertions it has made so far. */
async function withAuthenticator(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true, automaticPresenceSimulation: true } })
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.reduce((n, c) => n + c.signCount, 0)
}

/**
 * The operator's try: every value in every table opened with the wrapping key as the user's sealed
 * share (and as plain AES-GCM), each XORed with the auth share. The keys found, as addresses.
 */
async function operatorRebuilds(email: string): Promise<string[]> {
  const db = e2e.stack.api.db
  const key = Buffer.from(e2e.stack.shareKey!, 'hex')
  const [user] = await db.query<{ id: string }>('SELECT id FROM embedded_users WHERE email = $1', [email])
  const [row] = await db.query<{ auth_share: string }>('SELECT auth_share FROM embedded_keys WHERE user_id = $1', [user!.id])
  const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
  const candidates = new Set<string>()
  for (const { table_name } of tables) {
    for (const r of await db.query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`)) {
      for (const value of Object.values(r)) if (typeof value === 'string') candidates.add(value)
    }
  }
  const opened: Buffer[] = []
  for (const value of candidates) {
    try { opened.push(Buffer.from(unseal(key, value, user!.id).slice(2), 'hex')) } catch { /* not a seal of this user's */ }
    try {
      const [iv, body] = value.split('.').map((p) => Buffer.from(p, 'base64url'))
      const decipher = createDecipheriv('aes-256-gcm', key, iv!)
      decipher.setAuthTag(body!.subarray(-16))
      opened.push(Buffer.concat([decipher.update(body!.subarray(0, -16)), decipher.final()]))
    } catch { /* not under the wrapping key */ }
  }
  const auth = Buffer.from(row!.auth_share.slice(2), 'hex')
  return opened.filter((b) => b.length === 32).map((b) => privateKeyToAccount(`0x${Buffer.from(b.map((x, i) => x ^ auth[i]!)).toString('hex')}`).address)
}

test('attack: with a passkey added, the database and the wrapping key together no longer give the key; code + passkey log a new browser in to the same address', async () => {
  const email = 'passkey@example.com'
  const { page, errors } = await e2e.newPage()
  const assertions = await withAuthenticator(page)
  await loginByEmail(page, e2e.browser, e2e.stack, url, email)
  const { allAccounts } = await page.evaluate(() => (window as any).modal.getAccount())
  const eoa = allAccounts.find((a: { type: string }) => a.type === 'eoa').address as string
  // Without a passkey the operator can: the same try finds the wallet's key.
  assert.ok((await operatorRebuilds(email)).includes(eoa), 'the operator rebuilds the key before passkey mode')

  // The dashboard, on the secure origin: a new code, then the passkey.
  await page.goto(`${e2e.stack.secure.url}/dashboard.html`)
  await page.locator('[data-testid=dashboard-address]', { hasText: eoa }).waitFor({ timeout: 30_000 })
  const mails = mailCount(e2e.stack, email)
  await page.locator('[data-testid=dashboard-add-passkey]').click()
  await page.locator('[data-testid=dashboard-code]').fill(await codeFromInbox(e2e.browser, e2e.stack, email, mails))
  await page.locator('[data-testid=dashboard-code-submit]').click()
  await page.locator('#status', { hasText: 'A passkey protects this wallet' }).waitFor({ timeout: 30_000 })
  assert.ok(await page.locator('[data-testid=dashboard-add-passkey]').isHidden())

  const [stored] = await e2e.stack.api.db.query<{ recovery_share_sealed: string | null }>(
    'SELECT recovery_share_sealed FROM embedded_keys k JOIN embedded_users u ON u.id = k.user_id WHERE u.email = $1', [email])
  assert.is(stored!.recovery_share_sealed, null, 'the service\'s sealed copy is deleted')
  assert.equal(await operatorRebuilds(email), [], 'the operator rebuilds nothing')

  // A browser with nothing of the wallet (the secure origin's and the site's storage wiped: a new
  // device id, no session, no kept key), the same passkey: device link, code, passkey → same address.
  const cdp = await page.context().newCDPSession(page)
  for (const origin of [e2e.stack.secure.url, e2e.stack.web.url]) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  await page.goto('about:blank')
  const used = await assertions()
  const links = () => e2e.stack.mail.messages.filter((m) => m.to.includes(email) && m.subject === 'Approve this device to log in').length
  const linksBefore = links()
  await loginByEmail(page, e2e.browser, e2e.stack, url, email)
  assert.is(links(), linksBefore + 1, 'a new device: approved by the mailed link first')
  assert.is(await assertions(), used + 1, 'the passkey opened the recovery share')
  const again = await page.evaluate(() => (window as any).modal.getAccount().allAccounts)
  assert.is(again.find((a: { type: string }) => a.type === 'eoa').address, eoa)

  // "Log out everywhere" on the dashboard ends every session of the user, the wiped browser's too.
  const sessions = async () => Number((await e2e.stack.api.db.query<{ n: string }>(
    'SELECT count(*) AS n FROM embedded_sessions s JOIN embedded_users u ON u.id = s.user_id WHERE u.email = $1', [email]))[0]!.n)
  assert.ok(await sessions() >= 3, 'the first login, the dashboard\'s code and the new browser\'s login')
  await page.goto(`${e2e.stack.secure.url}/dashboard.html`)
  await page.locator('[data-testid=dashboard-logout-everywhere]').click()
  await page.locator('#status', { hasText: 'You are logged out everywhere' }).waitFor()
  assert.is(await sessions(), 0)
  await page.goto(url)
  await page.waitForFunction(() => (window as any).modal?.getAccount()?.status === 'disconnected', undefined, { timeout: 60_000 })
  assert.equal(errors, [])
})

test.run()
