// axe 0 on every view the product reaches, each reached through the UI, in both themes, with the
// default accent and with a site's own --w3m-accent (issue 17, item 1). The variants are split over
// files (a11y.test.ts, a11y-accents.test.ts) so that two e2e workers share the walks.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { atRest, axeDialog, axeIn, describe } from './axe.ts'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'

/** Light and dark; the default accent and two a site might pick (a pale one and a saturated one). */
export const VARIANTS = [
  { name: 'dark', options: `themeMode: 'dark',` },
  { name: 'light', options: `themeMode: 'light',` },
  { name: 'dark + pale accent', options: `themeMode: 'dark', themeVariables: { '--w3m-accent': '#ffd84d' },` },
  { name: 'light + pale accent', options: `themeMode: 'light', themeVariables: { '--w3m-accent': '#47e1ff' },` },
  { name: 'light + saturated accent', options: `themeMode: 'light', themeVariables: { '--w3m-accent': '#e0218a' },` },
]

/** Runs the walk of every view in each of `variants` (indexes into VARIANTS) as one suite. */
export function axeWalks(title: string, variants: number[]): void {
  const test = suite(title)
  let e2e: E2E
  let optimism: AnvilNode

  test.before(async () => {
    e2e = await startE2E()
    optimism = await startAnvil(10)
    const chains = { ...Object.fromEntries(e2e.stack.chains.map((c) => [String(c.chainId), c.rpcUrl])), '10': optimism.rpcUrl }
    for (const i of variants) e2e.stack.web.setPage(`/t/a11y-${i}.html`, evmPage(e2e.stack, { wallets: [{ ...WALLET_A, chains, chainId: 1 }], options: VARIANTS[i]!.options }))
  })
  test.after(async () => {
    await optimism?.stop()
    await e2e?.stop()
  })

  for (const i of variants) {
    test(`behavior: axe finds nothing on any view (${VARIANTS[i]!.name})`, async () => {
      const { page, context } = await e2e.newPage()
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.web.url })
      const visited: string[] = []
      const found = await walk(e2e, page, `/t/a11y-${i}.html`, visited)
      if (process.env.AXE_REPORT) console.log(`${VARIANTS[i]!.name}: ${found.length} nodes\n${found.join('\n')}`)
      assert.ok(visited.length >= 13, visited.join())
      assert.equal(found, [], found.join('\n'))
    })
  }

  test.run()
}

const modal = (page: Page) => page.locator('w3m-modal')
const heading = (page: Page, text: string) => modal(page).locator('h2', { hasText: text }).waitFor()
const back = (page: Page) => modal(page).getByRole('button', { name: 'Back', exact: true }).click()

/** Walks every view through the UI and returns axe's findings, one line per node. */
async function walk(e2e: E2E, page: Page, path: string, visited: string[]): Promise<string[]> {
  const found: string[] = []
  const check = async (view: string) => {
    await atRest(page)
    visited.push(view)
    found.push(...describe(view, await axeDialog(page)))
  }
  const setPolicy = (policy: string) => page.evaluate((p) => (window as any).PosternTestWallet.get('dev.postern.alpha').setPolicy(p), policy)

  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').waitFor()
  visited.push('appkit-button (connect)')
  found.push(...describe('appkit-button (connect)', await axeIn(page, ['appkit-button', 'button'])))
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
  await modal(page).locator('.item', { hasText: 'All Wallets' }).waitFor()
  await check('Connect')

  await modal(page).locator('.item', { hasText: 'All Wallets' }).click()
  await modal(page).locator('.aw-item').first().waitFor()
  await check('AllWallets')
  await modal(page).getByRole('searchbox').fill('zzzz-no-such-wallet')
  await modal(page).getByText('No Wallet found').first().waitFor()
  await check('AllWallets (no result)')
  await modal(page).getByRole('button', { name: 'Clear search' }).click()
  await modal(page).locator('.aw-item').first().click()
  await modal(page).locator('svg[role=img]').waitFor()
  await check('ConnectingWalletConnect')
  await back(page)
  await back(page)

  await modal(page).locator('.item', { hasText: 'WalletConnect' }).click()
  await modal(page).locator('svg[role=img]').waitFor()
  await check('ConnectingWalletConnectBasic')
  await back(page)

  await setPolicy('hang')
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await modal(page).getByText(`Continue in ${WALLET_A.name}`).waitFor()
  await check('ConnectingExternal (waiting)')
  await back(page)
  await setPolicy('reject')
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await modal(page).getByText('Connection declined').waitFor()
  await check('ConnectingExternal (declined)')
  await setPolicy('approve')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await dialog(page).waitFor({ state: 'detached' })

  await page.locator('appkit-button button', { hasText: 'ETH' }).waitFor()
  visited.push('appkit-button (account)')
  found.push(...describe('appkit-button (account)', await axeIn(page, ['appkit-button', 'button'])))
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-name]').waitFor()
  await modal(page).getByText(/\d ETH/).first().waitFor()
  await check('Account (tokens)')
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  await modal(page).locator('[role=tabpanel]:not([aria-busy=true])').waitFor()
  await page.waitForTimeout(500)
  await check('Account (activity)')
  await modal(page).getByRole('button', { name: 'Copy address' }).click()
  await modal(page).locator('.toast').waitFor()
  await check('Account (toast)')

  await modal(page).locator('[data-testid=account-network]').click()
  await heading(page, 'Choose Network')
  await check('Networks')
  await back(page)

  // Every wallet feature this build offers on the Account view (Receive, Send, Swap, ...).
  const features = await modal(page).locator('[data-testid^=feature-]').evaluateAll((els) => els.map((e) => e.textContent ?? ''))
  for (const label of features) {
    await modal(page).getByRole('button', { name: label, exact: true }).click()
    await page.waitForFunction(() => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('h2')?.textContent !== 'Account')
    await page.waitForFunction(() => !document.querySelector('w3m-modal')?.shadowRoot?.querySelector('.body .spinner'))
    await page.waitForTimeout(500)
    await check(`${label} (${await modal(page).locator('h2').textContent()})`)
    await back(page)
  }

  await page.evaluate(() => (window as any).PosternTestWallet.get('dev.postern.alpha').provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }))
  await heading(page, 'Switch Network')
  await check('UnsupportedChain')
  return found
}
