// A site page that connects through WalletConnect only (no adapters, SPEC rule 3), or with
// adapters, against the local relay, API server and chains.
import type { Page } from 'playwright-core'
import type { Stack } from '../../dev/stack.ts'
import { dialog } from './harness.ts'
import { sitePage } from './site-page.ts'

export function wcPage(stack: Stack, opts: { adapters?: string; options?: string } = {}): string {
  return sitePage(stack, {
    title: 'walletconnect',
    adapters: opts.adapters,
    options: `metadata: { name: 'Postern WalletConnect e2e', description: 'e2e', url: location.origin, icons: [] },
    features: { email: false, socials: false, analytics: false },
    ${opts.options ?? ''}`,
  })
}

/** The pairing URI the modal shows, once it shows one (read from the QR's data attribute). */
export async function shownUri(page: Page, not?: string): Promise<string> {
  const handle = await page.waitForFunction(
    (previous) => {
      const uri = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[data-wc-uri]')?.getAttribute('data-wc-uri')
      return uri && uri.startsWith('wc:') && uri !== previous ? uri : undefined
    },
    not,
    // Generous: the relay, the page and the wallet share a machine a whole test run keeps busy; only a failure waits it out.
    { timeout: 60_000 },
  )
  return (await handle.jsonValue()) as string
}

/**
 * On a postern/universal-connector page (its `window.connector`): starts `connect()`, kept in
 * `window.connecting`, and pairs `wallet` through the QR the modal shows.
 */
export async function pairUniversalConnector(page: Page, url: string, wallet: { pair(uri: string): Promise<unknown> }): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => !!(window as unknown as { connector?: unknown }).connector, undefined, { timeout: 60_000 })
  await page.evaluate(() => {
    const w = window as unknown as { connector: { connect(): Promise<unknown> }; connecting?: Promise<unknown> }
    w.connecting = w.connector.connect()
  })
  await dialog(page).waitFor()
  await wallet.pair(await shownUri(page))
}

/** Opens the modal as a visitor would, from the button (closing it first if it is open). */
export async function openModal(page: Page): Promise<void> {
  if (await dialog(page).count()) {
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
  }
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}

/** The modal's live status line (role=status) in the WalletConnect view. */
export const statusLine = (page: Page) => page.locator('w3m-modal [data-wc-status] p[role=status]')
