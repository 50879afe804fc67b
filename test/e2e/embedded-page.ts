// The embedded wallet's e2e helpers: a site page with e-mail login on the stack's secure site,
// the login as a visitor does it (code read from the inbox page), and the frame's buttons.
import type { Browser, Page } from 'playwright-core'
import type { Test } from 'uvu'
import type { Stack } from '../../dev/stack.ts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { sitePage } from './site-page.ts'

/**
 * The stack started before a suite and stopped after it, with the plain embedded page at `path`:
 * `use` receives the running stack and the page's URL before the first test.
 */
export function withEmbeddedPage(test: Test, use: (e2e: E2E, url: string) => void, path = '/t/embedded.html'): void {
  let e2e: E2E | undefined
  test.before(async () => {
    e2e = await startE2E()
    e2e.stack.web.setPage(path, embeddedPage(e2e.stack))
    use(e2e, `${e2e.stack.web.url}${path}`)
  })
  test.after(async () => {
    await e2e?.stop()
  })
}

/** Records the modal's event names on window.__events from the page's start (init script). */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as any
    w.__events = []
    const timer = setInterval(() => {
      if (!w.modal) return
      clearInterval(timer)
      w.modal.subscribeEvents((e: any) => w.__events.push(e.data.event))
    }, 5)
  })
}

/** `options`: more createAppKit options, as source text ending in a comma. */
export function embeddedPage(stack: Stack, options = ''): string {
  return sitePage(stack, { adapters: '[Postern.adapters.eip155()]', options: `secureSiteUrl: config.secureSiteUrl,${options}` })
}

export async function openConnect(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}

export const emailInput = (page: Page) => page.locator('w3m-modal [data-testid=w3m-email-input]')
export const otpInput = (page: Page) => page.locator('w3m-modal [data-testid=w3m-otp-input]')

export async function submitEmail(page: Page, email: string): Promise<void> {
  await emailInput(page).fill(email)
  await page.locator('w3m-modal [data-testid=w3m-email-login] button[type=submit]').click()
}

/**
 * How long a mail may take to arrive: a second alone, but the API server, its SMTP client and the
 * mail server share a machine whose cores a whole test run keeps busy. Only a failure waits it out.
 */
const MAIL_WAIT_MS = 60_000

/** Reads the newest code mailed to `email` from the inbox page, in a tab of its own. */
export async function codeFromInbox(browser: Browser, stack: Stack, email: string, after = 0): Promise<string> {
  const context = await browser.newContext()
  try {
    const inbox = await context.newPage()
    const deadline = Date.now() + MAIL_WAIT_MS
    while (Date.now() < deadline) {
      await inbox.goto(`${stack.mail.inboxUrl}?to=${encodeURIComponent(email)}`)
      const count = await inbox.locator('article').count()
      if (count > after) {
        const subject = await inbox.locator('article h2').first().textContent()
        const code = /\b(\d{6})\b/.exec(subject ?? '')?.[1]
        if (code) return code
      }
      await inbox.waitForTimeout(200)
    }
    throw new Error(`no code mailed to ${email}`)
  } finally {
    await context.close()
  }
}

export const mailCount = (stack: Stack, email: string) => stack.mail.messages.filter((m) => m.to.includes(email)).length

/**
 * Opens the device-approval link of the newest mail to `email` (after `after` mails), as its owner
 * would. Returns how many mails that address had with the link: the code comes after them.
 */
export async function approveDeviceFromInbox(browser: Browser, stack: Stack, email: string, after = 0): Promise<number> {
  const deadline = Date.now() + MAIL_WAIT_MS
  let link: string | undefined
  let count = 0
  while (!link && Date.now() < deadline) {
    count = mailCount(stack, email)
    const mail = mailCount(stack, email) > after ? stack.mail.messages.find((m) => m.to.includes(email)) : undefined
    link = mail?.subject === 'Approve this device to log in' ? /(https?:\/\/\S+)/.exec(mail.text)?.[1] : undefined
    if (!link) await new Promise((r) => setTimeout(r, 200))
  }
  if (!link) throw new Error(`no device link mailed to ${email}`)
  const context = await browser.newContext()
  try {
    const approval = await context.newPage()
    await approval.goto(link)
    await approval.locator('#status', { hasText: 'This device is approved.' }).waitFor()
  } finally {
    await context.close()
  }
  return count
}

export const deviceView = (page: Page) => page.locator('w3m-modal [data-testid=w3m-email-verify-device]')

/**
 * Type an e-mail, read the code from the inbox, type it: connected. Returns the address. On a
 * browser this e-mail never logged in from, the mailed device link is opened first.
 */
export async function loginByEmail(page: Page, browser: Browser, stack: Stack, url: string, email: string): Promise<string> {
  await openConnect(page, url)
  let before = mailCount(stack, email)
  await submitEmail(page, email)
  await otpInput(page).or(deviceView(page)).first().waitFor()
  if (await deviceView(page).isVisible()) {
    before = await approveDeviceFromInbox(browser, stack, email, before)
    await otpInput(page).waitFor()
  }
  await otpInput(page).fill(await codeFromInbox(browser, stack, email, before))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return page.evaluate(() => (window as any).modal.getAddress() as string)
}

/** The secure frame's document (another origin). */
export const secureFrame = (page: Page) => page.frameLocator('iframe#w3m-iframe')
