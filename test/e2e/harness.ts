// The local stack and headless Chromium for an e2e file. Run on its own (node --import tsx file),
// a file starts both and stops them at its end. Run by the test runner's worker with --share-e2e
// (test/runner/worker.ts), files share one stack and one browser, started by the first file that
// asks: each file gets fresh browser contexts, and its end closes them, clears every fault switch
// and its request log, and gives the demo accounts back the ether a fresh chain holds. A file that
// must not share (it takes services down, restarts them, or counts from a fresh state) says so
// with `ownStack: true`.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../browser.ts'
import { startStack, type Stack } from '../../dev/stack.ts'
import { demoAccount } from '../../dev/chains/index.ts'
import { rpcCall } from '../../dev/wallet/solana/browser/rpc.ts'

export interface E2E {
  stack: Stack
  browser: Browser
  /** A fresh context (own storage) and page; collects page errors for assertions. */
  newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>
  /** Closes this file's contexts; stops the stack and browser unless they are shared. */
  stop(): Promise<void>
}

export interface E2EOptions {
  solana?: boolean
  reactDemo?: boolean
  /** A stack and browser of this file's own even where files share one (services taken down, restarted, or counted from fresh). */
  ownStack?: boolean
  /** An own stack's bundlers start on their first request (for a file that sends no user operation). */
  bundlers?: 'on-demand'
}

interface Started {
  stack: Stack
  browser: Browser
}

/** The shared stack turns on every part any file asks for. */
const SHARED_OPTIONS = { solana: true, reactDemo: true }

let sharing: { whileStarting<T>(start: () => Promise<T>): Promise<T> } | undefined
let shared: Promise<Started> | undefined

async function launch(opts: { solana: boolean; reactDemo: boolean; bundlers?: 'on-demand' }): Promise<Started> {
  // The browser starts while the stack does (the stack waits mostly on its bundlers).
  const [started, launched] = await Promise.allSettled([startStack(opts), launchChromium()])
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop()
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined)
    const reason = started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason
    // Called from a before hook: uvu counts its failure against every test but prints nothing of it.
    console.error('the e2e stack or browser failed to start:', reason)
    throw reason
  }
  return { stack: started.value, browser: launched.value }
}

/**
 * Turns sharing on for the files this process runs from now on. `whileStarting` wraps the shared
 * start, so the processes it spawns belong to the worker, not to the file that asked first.
 */
export function shareAcrossFiles(opts: { whileStarting<T>(start: () => Promise<T>): Promise<T> }): void {
  sharing = opts
}

/** Anvil's genesis balance of each of its 10 demo accounts. */
const GENESIS_WEI = `0x${(10_000n * 10n ** 18n).toString(16)}`

/** Files assert the balance a fresh chain holds (10,000 ETH); the files before may have spent some. */
async function refillDemoAccounts(stack: Stack): Promise<void> {
  const addresses = Array.from({ length: 10 }, (_, i) => demoAccount(i).address)
  await Promise.all(stack.chains.flatMap((chain) => addresses.map((address) => rpcCall(chain.rpcUrl, 'anvil_setBalance', [address, GENESIS_WEI]))))
}

/** What a file leaves in the shared stack and browser: its contexts closed, its faults cleared, the demo accounts refilled. */
export async function endSharedFile(): Promise<void> {
  const started = await shared?.catch(() => undefined)
  if (!started) return
  await Promise.allSettled(started.browser.contexts().map((c) => c.close()))
  const { faults } = started.stack
  faults.clear()
  // A file counts what reached a switch from its own start.
  for (const service of faults.services) (faults.get(service).requests as string[]).length = 0
  await refillDemoAccounts(started.stack)
}

export async function stopShared(): Promise<void> {
  const started = await shared?.catch(() => undefined)
  shared = undefined
  if (!started) return
  await started.browser.close().catch(() => undefined)
  await started.stack.stop()
}

function startShared(): Promise<Started> {
  if (!shared) {
    shared = sharing!.whileStarting(() => launch(SHARED_OPTIONS))
    // A failed start is that file's failure; the next file tries again.
    shared.catch(() => (shared = undefined))
  }
  return shared
}

export async function startE2E(opts: E2EOptions = {}): Promise<E2E> {
  const own = !sharing || opts.ownStack === true
  const { stack, browser } = own ? await launch({ solana: opts.solana ?? false, reactDemo: opts.reactDemo ?? false, bundlers: opts.bundlers }) : await startShared()
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
      if (!own) return endSharedFile()
      await browser.close().catch(() => undefined)
      await stack.stop()
      // A site bundle's esbuild service outlives the file by seconds and is then charged to it as a
      // leftover; a file with a process of its own ends it here (a shared worker keeps its own).
      if (!sharing) await (await import('esbuild')).stop()
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
