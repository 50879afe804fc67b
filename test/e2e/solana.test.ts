// Solana end to end in Chromium: the classic script with the Solana adapter, the Solana test
// wallet (Wallet Standard), the local ledger behind its JSON-RPC server. Nothing is mocked; the
// in-app browser links on mobile leave for phantom.app / go.cb-w.com, which this machine cannot
// reach, so those requests are recorded and aborted.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64Decoder,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Rpc,
  type Signature,
  type SignatureBytes,
  type SolanaRpcApi,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { sitePage } from './site-page.ts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { SOLANA_TEST_WALLET_NAME, type Stack } from '../../dev/stack.ts'

const WALLET = SOLANA_TEST_WALLET_NAME
const PHANTOM_ID = 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393'
const COINBASE_ID = 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa'
const LAMPORTS = 1_000_000_000n

function solanaPage(stack: Stack, opts: { head?: string; networks?: string; options?: string } = {}): string {
  return sitePage(stack, {
    title: 'solana',
    head: opts.head ?? '<script src="/solana-test-wallet.js"></script>',
    networks: opts.networks ?? '[N.solanaLocal, N.solanaDevnet]',
    adapters: '[Postern.adapters.solana()]',
    options: `features: { email: false, socials: false },\n    ${opts.options ?? ''}`,
  })
}

const test = suite('e2e: Solana')
let e2e: E2E
let rpc: Rpc<SolanaRpcApi>
let owner: string
let other: string

test.before(async () => {
  e2e = await startE2E({ solana: true, ownStack: true, bundlers: 'on-demand' })
  const { stack } = e2e
  rpc = createSolanaRpc(stack.solana!.rpcUrl)
  owner = stack.solana!.accounts[0]!.address
  other = stack.solana!.accounts[2]!.address
  // 100 SOL from genesis plus 1.23456789 SOL: the modal must show 101.234 (truncated, not rounded).
  const airdrop = await rpc.requestAirdrop(address(owner), 1_234_567_890n as never, { commitment: 'confirmed' }).send()
  assert.ok(airdrop)
  stack.web.setPage('/t/sol.html', solanaPage(stack))
  stack.web.setPage('/t/late.html', solanaPage(stack, { head: '' }))
  stack.web.setPage('/t/mobile.html', solanaPage(stack, { head: '', networks: '[N.solanaLocal, N.mainnet]', options: `featuredWalletIds: ['${PHANTOM_ID}', '${COINBASE_ID}'],` }))
})
test.after(async () => e2e?.stop())

async function open(page: Page, path = '/t/sol.html') {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}
const item = (page: Page, name: string) => page.locator('w3m-modal .item', { hasText: name })
const log = (page: Page) =>
  page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).requests.map((e: any) => `${e.method}:${JSON.stringify(e.params)}:${e.outcome}:${e.prompt}`) as string[], WALLET)

async function connect(page: Page, path = '/t/sol.html') {
  await open(page, path)
  await item(page, WALLET).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
}

/** What the modal must show for a lamport balance: SOL truncated to 3 decimals. */
function shown(lamports: bigint): string {
  const milli = lamports / 1_000_000n
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')} SOL`
}

test('behavior: connect the Solana wallet and see the SOL balance the ledger holds', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), owner)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `solana:localnet:${owner}`)
  assert.is(await page.evaluate(() => (window as any).modal.getState().activeChain), 'solana')
  const { value } = await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()
  assert.is(shown(value), '101.234 SOL')
  await page.locator('appkit-button button', { hasText: '101.234 SOL' }).waitFor()
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal [data-testid=account-balance]', { hasText: '101.234 SOL' }).waitFor()
  assert.is(await page.locator('w3m-modal [data-testid=account-name]').textContent(), `${owner.slice(0, 4)}…${owner.slice(-4)}`)
  assert.equal(await log(page), ['standard:connect:null:ok:approve'], 'a first visit tries no silent reconnect')
  assert.equal(errors, [])
})

test('behavior: a refused connection shows declined; Try again connects', async () => {
  const { page } = await e2e.newPage()
  await open(page)
  await page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).setPolicy('reject'), WALLET)
  await item(page, WALLET).click()
  await page.locator('w3m-modal p.error', { hasText: 'Connection declined' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  await page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).setPolicy('approve'), WALLET)
  await page.locator('w3m-modal button', { hasText: 'Try again' }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal((await log(page)).filter((l) => l.startsWith('standard:connect:null')), ['standard:connect:null:rejected:reject', 'standard:connect:null:ok:approve'])
})

test('behavior: a wallet that registers after Postern loaded still appears, and connects', async () => {
  const { page } = await e2e.newPage()
  await open(page, '/t/late.html')
  await page.locator('w3m-modal [aria-label=Wallets]').waitFor()
  assert.is(await item(page, WALLET).count(), 0)
  await page.addScriptTag({ url: '/solana-test-wallet.js' })
  await item(page, WALLET).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), owner)
})

test('behavior: getWalletProvider() signs a message and signs and sends a transfer that lands on the ledger', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  const message = 'Sign in to Postern'
  const signature = await page.evaluate(async (text) => Array.from(await (window as any).modal.getWalletProvider().signMessage(new TextEncoder().encode(text))) as number[], message)
  assert.ok(await verifySignature(await getPublicKeyFromAddress(address(owner)), new Uint8Array(signature) as SignatureBytes, new TextEncoder().encode(message)))

  const { value: before } = await rpc.getBalance(address(other), { commitment: 'confirmed' }).send()
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const payer = createNoopSigner(address(owner))
  const transfer = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: address(other), amount: LAMPORTS / 2n })], m),
  )
  const wire = getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(transfer)))
  const sent = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    return (window as any).modal.getWalletProvider().signAndSendTransaction(bytes, { commitment: 'confirmed' }) as string
  }, wire)
  const { value: [status] } = await rpc.getSignatureStatuses([sent as Signature]).send()
  assert.ok(status, `the ledger knows ${sent}`)
  assert.is(status!.err, null)
  const { value: after } = await rpc.getBalance(address(other), { commitment: 'confirmed' }).send()
  assert.is(after - before, LAMPORTS / 2n)
  const entries = await page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).requests, WALLET)
  assert.is(entries.at(-1).params[0].chain, 'solana:localnet')
})

test('behavior: the wallet disconnecting on its own disconnects the modal', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).disconnect(), WALLET)
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  await page.locator('appkit-button button', { hasText: 'Connect Wallet' }).waitFor()
})

test('behavior: reload reconnects silently; after Disconnect a reload stays disconnected', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getAddress() !== undefined)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), owner)
  assert.equal(await log(page), ['standard:connect:{"silent":true}:ok:null'])
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'Disconnect' }).click()
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  assert.ok((await log(page)).includes('standard:disconnect:null:ok:null'))
  await page.reload()
  await page.locator('appkit-button button', { hasText: 'Connect Wallet' }).waitFor()
  await page.waitForFunction(() => (window as any).modal.getState().loading === false)
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
})

test('behavior: on mobile, Phantom without its extension opens its in-app browser; Coinbase Wallet too on Solana', async () => {
  const context = await e2e.browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  try {
    const left: string[] = []
    await context.route(/^https:\/\/(phantom\.app|go\.cb-w\.com)\//, (route) => {
      left.push(route.request().url())
      return route.abort()
    })
    const pageUrl = `${e2e.stack.web.url}/t/mobile.html`
    const choose = async (name: string, evm = false) => {
      const page = await context.newPage()
      await open(page, '/t/mobile.html')
      if (evm) await page.evaluate(() => (window as any).modal.switchNetwork((window as any).Postern.networks.mainnet))
      await item(page, name).click()
      return page
    }
    await choose('Phantom')
    await waitUntil(() => left.length === 1)
    assert.is(left[0], `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(e2e.stack.web.url)}`)

    await choose('Coinbase Wallet')
    await waitUntil(() => left.length === 2)
    assert.is(left[1], `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`)

    // On an EVM network Coinbase Wallet is a WalletConnect wallet as usual.
    const page = await choose('Coinbase Wallet', true)
    await page.waitForFunction(() => (window as any).modal.store.modal.stack.value.at(-1).view === 'ConnectingWalletConnect')
    assert.is(left.length, 2)
  } finally {
    await context.close()
  }
})

async function waitUntil(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

test.run()
