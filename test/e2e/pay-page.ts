// The AppKit Pay e2e page: the ESM build with postern/pay on window.pay, the EVM adapter and the
// injected test wallet holding one demo account; the modal's events recorded in window.events.
import type { Page } from 'playwright-core'
import type { Stack } from '../../dev/stack.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'
import { dialog, type E2E } from './harness.ts'
import { WALLET_A } from './evm-page.ts'
import { modal } from './feature-page.ts'

export function payPage(stack: Stack, accountIndex: number, options = ''): string {
  const chains = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]))
  return `<!doctype html><html><head><meta charset="utf-8"><title>pay</title><link rel="icon" href="data:,">
<script>${injectedWalletInstallScript({ ...WALLET_A, chains, accountIndex: [accountIndex] })}</script></head><body>
<appkit-button></appkit-button>
<script type="module">
  import { createAppKit } from '/dist/esm/index.js'
  import * as N from '/dist/esm/networks.js'
  import { eip155 } from '/dist/esm/adapters.js'
  import * as pay from '/dist/esm/pay.js'
  const config = ${JSON.stringify(stack.config)}
  window.events = []
  window.pay = pay
  window.modal = createAppKit({
    projectId: config.projectId,
    networks: [N.mainnet, N.polygon],
    adapters: [eip155()],
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    relayUrl: config.relayUrl,
    rpcUrls: config.rpcUrls,
    features: { pay: true },
    ${options}
  })
  window.modal.subscribeEvents((e) => window.events.push(e.data))
</script></body></html>`
}

/** Opens the page in a fresh context and connects the injected wallet through the modal. */
export async function connectPayPage(e2e: E2E, path: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.waitForFunction(() => (window as any).modal && (window as any).pay)
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return { page, errors }
}

/** Starts pay(options) in the page; its outcome lands in window.payOutcome. */
export const startPay = (page: Page, options: unknown) => page.evaluate((o) => {
  const w = window as any
  w.payOutcome = undefined
  w.pay.pay(o).then((r: unknown) => (w.payOutcome = r), (e: any) => (w.payOutcome = { thrown: e?.code ?? String(e) }))
}, options)

export async function payOutcome(page: Page): Promise<{ success?: boolean; result?: string; error?: string; thrown?: string }> {
  await page.waitForFunction(() => (window as any).payOutcome !== undefined, undefined, { timeout: 60_000 })
  return page.evaluate(() => (window as any).payOutcome)
}

/** The PAY_* events the page's modal sent, oldest first, with their properties. */
export const payEvents = (page: Page): Promise<{ event: string; properties: any }[]> =>
  page.evaluate(() => (window as any).events.filter((e: any) => e.event.startsWith('PAY_')))
