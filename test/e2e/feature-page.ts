// The account features' e2e pages (swap, onramp, names): the injected wallet on one demo account
// a page, connected through the modal, with the modal's events recorded in window.events.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { dialog, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import type { Stack } from '../../dev/stack.ts'

export const modal = (page: Page): Locator => page.locator('w3m-modal')
/** An element of the modal by its data-testid. */
export const el = (page: Page, id: string): Locator => modal(page).locator(`[data-testid=${id}]`)

/** /t/{prefix}-{N}.html for each demo account N, with options as evmPage takes them. */
export function installFeaturePages(stack: Stack, prefix: string, indexes: number[], options?: string): void {
  for (const index of indexes) stack.web.setPage(`/t/${prefix}-${index}.html`, evmPage(stack, { wallets: [{ ...WALLET_A, accountIndex: [index] }], options }))
}

/**
 * Opens /t/{prefix}-{N}.html{query} in a fresh context (in that time zone when given) and connects
 * the injected wallet through the modal.
 */
export async function connectFeaturePage(e2e: E2E, prefix: string, index: number, opts: { query?: string; timezoneId?: string } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  let context: BrowserContext, page: Page, errors: string[] = []
  if (opts.timezoneId) {
    context = await e2e.browser.newContext({ timezoneId: opts.timezoneId })
    page = await context.newPage()
  } else {
    ;({ context, page, errors } = await e2e.newPage())
  }
  await page.goto(`${e2e.stack.web.url}/t/${prefix}-${index}.html${opts.query ?? ''}`)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data))
  })
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return { page, context, errors }
}

/** The names of the events the page's modal sent, oldest first. */
export const eventNames = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).events.map((e: any) => e.event) as string[])
