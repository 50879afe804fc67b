// What the Bitcoin e2e files share: the site (test/e2e/bitcoin-site.ts, AppKit's html-bitcoin
// example with Postern's imports) on pages with or without the stack's test wallets, the connect
// through the modal, and the ledger's balances.
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'

const page = (head: string) => `<!doctype html><html><head><meta charset="utf-8"><title>bitcoin</title><link rel="icon" href="data:,">
${head}<script src="/demo-config.js"></script></head><body><script src="/t/bitcoin-site.js"></script></body></html>`

/**
 * The stack with the Bitcoin site's pages: /t/bitcoin.html with the Wallet Standard test wallet,
 * /t/bitcoin-wc.html with no injected wallet (WalletConnect is the way in), and `extra` pages of
 * the caller's own <head> scripts.
 */
export async function startBitcoinE2E(extra: Record<string, string> = {}): Promise<E2E> {
  const e2e = await startE2E()
  const { web } = e2e.stack
  web.setPage('/t/bitcoin-site.js', await bundleSite('test/e2e/bitcoin-site.ts'))
  web.setPage('/t/bitcoin.html', page('<script src="/bitcoin-test-wallet.js"></script>'))
  web.setPage('/t/bitcoin-wc.html', page(''))
  for (const [path, head] of Object.entries(extra)) web.setPage(path, page(head))
  return e2e
}

/** Opens the modal on the page, picks the wallet and waits for the connection. */
export async function connectBitcoin(e2e: E2E, target: Page, wallet: string, path = '/t/bitcoin.html'): Promise<void> {
  await target.goto(`${e2e.stack.web.url}${path}`)
  await target.locator('appkit-button button').click()
  await dialog(target).waitFor()
  await target.locator('w3m-modal .item', { hasText: wallet }).first().click()
  await dialog(target).waitFor({ state: 'detached' })
  await target.waitForFunction(() => (window as any).modal.getIsConnected())
}

/** An address's unspent satoshis on the ledger. */
export const satsOf = (e2e: E2E, address: string) => e2e.stack.bitcoin!.ledger.utxosOf(address).reduce((s, o) => s + o.value, 0n)

/** BTC text with every digit kept, as the Esplora reads give it. */
export const btcText = (value: bigint) => `${value / 100_000_000n}.${String(value % 100_000_000n).padStart(8, '0')}`.replace(/\.?0+$/, '')

/** The modal's CAIP address, and a wait until it is the wanted one. */
export const caipOf = (page: Page) => page.evaluate(() => (window as any).modal.getCaipAddress() as string | undefined)
export const untilCaip = (page: Page, want: string) => page.waitForFunction((want) => (window as any).modal.getCaipAddress() === want, want)
