// The send e2e tests' pages, the send view's controls (found by their labels where they have
// one), and readers of the chains' balances.
import type { Locator, Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { address, createSolanaRpc } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { dialog, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { sitePage } from './site-page.ts'
import { TOKEN_ABI, TOKEN_ADDRESS, toViemChain } from '../../dev/chains/index.ts'
import { SOLANA_TEST_WALLET_NAME, type Stack } from '../../dev/stack.ts'

/** /t/send-sol.html with the Solana test wallet; /t/send-N.html with the injected wallet on demo account N. */
export function installSendPages(stack: Stack): void {
  stack.web.setPage('/t/send-sol.html', sitePage(stack, {
    title: 'solana',
    head: '<script src="/solana-test-wallet.js"></script>',
    networks: '[N.solanaLocal]',
    adapters: '[Postern.adapters.solana()]',
    options: 'features: { email: false, socials: false },',
  }))
  // Each test sends from its own demo account, so none sees another's balance move.
  for (const index of [0, 1, 2, 3, 4]) stack.web.setPage(`/t/send-${index}.html`, evmPage(stack, { wallets: [{ ...WALLET_A, accountIndex: [index] }] }))
}

/** A page connected to its wallet, recording the modal's events in window.events. */
export async function connectForSend(e2e: E2E, index: number | 'sol'): Promise<{ page: Page; form: SendForm; errors: string[] }> {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/send-${index}.html`)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data))
  })
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: index === 'sol' ? SOLANA_TEST_WALLET_NAME : WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return { page, form: sendForm(page), errors }
}

/** The send events the page saw (OPEN_SEND, SEND_*), oldest first. */
export const sendEvents = (page: Page) =>
  page.evaluate(() => (window as any).events.filter((e: any) => /SEND/.test(e.event)) as { event: string; properties: any }[])

/** Balances read from the chains themselves. */
export function chainReaders(e2e: () => E2E) {
  const clientOn = (chainId: number) => {
    const chain = e2e().stack.chains.find((c) => c.chainId === chainId)!
    return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  }
  const solRpc = () => createSolanaRpc(e2e().stack.solana!.rpcUrl)
  return {
    clientOn,
    usdcOf: (chainId: number, owner: Hex) => clientOn(chainId).readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>,
    lamportsOf: async (owner: string) => BigInt((await solRpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value),
    /** The owner's demo-token balance in its associated account; -1 when it has no such account. */
    async splOf(owner: string): Promise<bigint> {
      const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(e2e().stack.solana!.mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const account = await solRpc().getAccountInfo(ata, { encoding: 'base64', commitment: 'confirmed' }).send()
      if (!account.value) return -1n
      return BigInt((await solRpc().getTokenAccountBalance(ata, { commitment: 'confirmed' }).send()).value.amount)
    },
  }
}

export interface SendForm {
  modal: Locator
  token: Locator
  amount: Locator
  receiver: Locator
  max: Locator
  fee: Locator
  value: Locator
  submit: Locator
  confirm: Locator
  /** Picks the token whose option value (CAIP-10 address, or native:SYMBOL) ends with this. */
  choose(ending: string): Promise<void>
  /** Waits until the form's alert says exactly this. */
  error(text: string): Promise<void>
}

export function sendForm(page: Page): SendForm {
  const modal = page.locator('w3m-modal')
  const token = modal.getByLabel('Token', { exact: true })
  return {
    modal,
    token,
    amount: modal.locator('#send-amount'),
    receiver: modal.getByLabel('Receiver address'),
    max: modal.locator('button.max'),
    fee: modal.locator('[data-testid=send-fee]'),
    value: modal.locator('[data-testid=send-value]'),
    submit: modal.locator('[data-testid=send-submit]'),
    confirm: modal.locator('[data-testid=send-confirm]'),
    async choose(ending) {
      const option = token.locator(`option[value$="${ending}"]`)
      await option.waitFor({ state: 'attached' })
      await token.selectOption((await option.getAttribute('value'))!)
    },
    async error(text) {
      await modal.locator('[data-testid=send-error]', { hasText: new RegExp(`^${text}$`) }).waitFor()
    },
  }
}

/**
 * WCAG contrast of an element's text against the first opaque background behind it (through
 * the shadow root to the page), from Chromium's computed colours.
 */
export function contrastOf(target: Locator): Promise<number> {
  // As source text: tsx would wrap the helpers below in its own __name(), unknown in the page.
  return target.evaluate((el, source) => (0, eval)(source)(el) as number, CONTRAST)
}

const CONTRAST = `(el) => {
    // Any CSS colour (rgb, color(srgb ...), oklch from the accent tokens) painted on a 1x1 canvas.
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
    const channels = (css) => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const luminance = ([r, g, b]) => {
      const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    let node = el
    let background
    while (node && !background) {
      const c = channels(getComputedStyle(node).backgroundColor)
      if (c && c[3] > 0.99) background = c
      node = node.parentElement ?? (node.getRootNode().host ?? null)
    }
    const text = channels(getComputedStyle(el).color)
    const [a, b] = [luminance(text), luminance(background ?? [255, 255, 255])]
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}`
