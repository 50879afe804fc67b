// Starts the local stack and headless Chromium once per e2e file, and always tears both down.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../browser.ts'
import { startStack, type Stack } from '../../dev/stack.ts'

export interface E2E {
  stack: Stack
  browser: Browser
  /** A fresh context (own storage) and page; collects page errors for assertions. */
  newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>
  stop(): Promise<void>
}

export async function startE2E(opts: { solana?: boolean; reactDemo?: boolean } = {}): Promise<E2E> {
  // The browser starts while the stack does (the stack waits mostly on its bundlers).
  const [started, launched] = await Promise.allSettled([
    startStack({ solana: opts.solana ?? false, reactDemo: opts.reactDemo ?? false }),
    launchChromium(),
  ])
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop()
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined)
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason
  }
  const stack = started.value
  const browser: Browser = launched.value
  const contexts: BrowserContext[] = []
  return {
    stack,
    browser,
    async newPage() {
      const context = await browser.newContext()
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
      return { context, page, errors }
    },
    async stop() {
      await Promise.allSettled(contexts.map((c) => c.close()))
      await browser.close().catch(() => undefined)
      await stack.stop()
    },
  }
}

/** The modal's dialog, looked up through its shadow root (Playwright's CSS pierces open roots). */
export const dialog = (page: Page) => page.locator('w3m-modal [role=dialog]')

/** The element focused inside nested shadow roots, described for assertions. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el = document.activeElement as Element | null
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    if (!el) return ''
    const host = (el.getRootNode() as ShadowRoot).host?.localName ?? 'document'
    return `${host} ${el.localName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`
  })
}
