// EVM and Solana at once in Chromium: the injected EIP-6963 test wallet on anvil and the Solana
// test wallet on the local ledger, in one page with both adapters. Nothing is mocked.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { sitePage } from './site-page.ts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { SOLANA_TEST_WALLET_NAME, type Stack } from '../../dev/stack.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'
import { solanaWalletInstallScript } from '../../dev/wallet/solana/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const EVM_WALLET = { name: 'Alpha Wallet', rdns: 'dev.postern.alpha' }
const TWIN = { name: 'Twin Wallet', rdns: 'dev.postern.twin' }
const evmAddress = demoAddresses()[0]!

function page(stack: Stack, head: string): string {
  return sitePage(stack, {
    title: 'evm + solana',
    head,
    networks: '[N.mainnet, N.polygon, N.solanaLocal]',
    adapters: '[Postern.adapters.eip155(), Postern.adapters.solana()]',
    options: 'features: { email: false, socials: false },',
  })
}

const test = suite('e2e: EVM and Solana together')
let e2e: E2E
let solAddress: string

test.before(async () => {
  e2e = await startE2E({ solana: true, ownStack: true, bundlers: 'on-demand' })
  const { stack } = e2e
  solAddress = stack.solana!.accounts[0]!.address
  const chains = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]))
  const evm = (w: { name: string; rdns: string }) => `<script>${injectedWalletInstallScript({ ...w, chains })}</script>`
  const twin = await solanaWalletInstallScript({ name: TWIN.name, rpcUrl: stack.solana!.rpcUrl, secretKeys: stack.solana!.accounts.map((a) => a.secretKey) })
  stack.web.setPage('/t/both.html', page(stack, `${evm(EVM_WALLET)}<script src="/solana-test-wallet.js"></script>`))
  stack.web.setPage('/t/twin.html', page(stack, `${evm(TWIN)}<script>${twin.replace(/<\/script/gi, '<\\/script')}</script>`))
})
test.after(async () => e2e?.stop())

const item = (page: Page, name: string) => page.locator('w3m-modal .item', { hasText: name })
const evaluate = <T>(page: Page, fn: string) => page.evaluate(fn) as Promise<T>
const address = (page: Page, namespace?: string) => page.evaluate((ns) => (window as any).modal.getAddress(ns) as string | undefined, namespace)
const active = (page: Page) => evaluate<string>(page, 'window.modal.getState().activeChain')
const solLog = (page: Page, name = SOLANA_TEST_WALLET_NAME) =>
  page.evaluate((n) => (window as any).PosternSolanaTestWallet.get(n).requests.map((e: any) => `${e.method}:${JSON.stringify(e.params)}:${e.prompt}`) as string[], name)
const evmLog = (page: Page, rdns = EVM_WALLET.rdns) =>
  page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.map((e: any) => `${e.method}:${e.prompt}`) as string[], rdns)

async function openAccount(page: Page) {
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}

/** Account → network → the named network (switching while connected returns to Account, open). */
async function chooseNetwork(page: Page, name: string) {
  if (!(await dialog(page).isVisible())) await openAccount(page)
  await page.locator('w3m-modal [data-testid=account-network]').click()
  await page.locator('w3m-modal .item .name', { hasText: new RegExp(`^${name}$`) }).click()
}

/** Connects EVM with the given wallet, then Solana through the Networks view. */
async function connectBoth(page: Page, path: string, evmName: string, solName: string) {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await openAccount(page)
  await item(page, evmName).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await chooseNetwork(page, 'Solana Localnet')
  // Solana has no connection yet: Connect lists the Solana wallets.
  await page.locator('w3m-modal h2', { hasText: 'Connect Wallet' }).waitFor()
  await item(page, solName).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getAddress('solana') !== undefined)
}

test('behavior: connect EVM and Solana at once and switch between them in the Networks view', async () => {
  const { page, errors } = await e2e.newPage()
  await connectBoth(page, '/t/both.html', EVM_WALLET.name, SOLANA_TEST_WALLET_NAME)
  assert.is(await active(page), 'solana')
  assert.is(await address(page), solAddress)
  assert.is(await address(page, 'eip155'), evmAddress)
  assert.is(await evaluate(page, 'window.modal.getCaipAddress()'), `solana:localnet:${solAddress}`)
  await page.locator('appkit-button button', { hasText: '100.000 SOL' }).waitFor()

  await chooseNetwork(page, 'Ethereum')
  await page.waitForFunction(() => (window as any).modal.getState().activeChain === 'eip155')
  assert.is(await address(page), evmAddress)
  assert.is(await evaluate(page, 'window.modal.getCaipAddress()'), `eip155:1:${evmAddress}`)
  await page.locator('appkit-button button', { hasText: '10000.000 ETH' }).waitFor()

  await chooseNetwork(page, 'Solana Localnet')
  await page.waitForFunction(() => (window as any).modal.getState().activeChain === 'solana')
  await page.locator('w3m-modal h2', { hasText: 'Account' }).waitFor() // connected there: back to Account, no Connect
  assert.is(await address(page), solAddress)
  await page.locator('appkit-button button', { hasText: '100.000 SOL' }).waitFor()
  assert.is((await solLog(page)).filter((l) => l.startsWith('standard:connect')).length, 1, 'switching back asks the wallet nothing')
  assert.equal(errors, [])
})

test('behavior: disconnect Solana only; EVM stays connected and becomes active', async () => {
  const { page } = await e2e.newPage()
  await connectBoth(page, '/t/both.html', EVM_WALLET.name, SOLANA_TEST_WALLET_NAME)
  await openAccount(page)
  await page.locator('w3m-modal [data-testid=account-balance]', { hasText: 'SOL' }).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'Disconnect' }).click()
  await page.waitForFunction(() => (window as any).modal.getAddress('solana') === undefined)
  assert.is(await active(page), 'eip155')
  assert.is(await address(page), evmAddress)
  assert.is(await evaluate(page, 'window.modal.getIsConnected()'), true)
  await page.locator('appkit-button button', { hasText: 'ETH' }).waitFor().catch(async (error) => {
    console.log('DEBUG', await page.evaluate(() => JSON.stringify({ ...(window as any).modal.store.accounts.byNamespace.value, button: document.querySelector('appkit-button')?.shadowRoot?.querySelector('button')?.textContent })))
    throw error
  })
  assert.ok((await solLog(page)).includes('standard:disconnect:null:null'))
  assert.not.ok((await evmLog(page)).some((l) => l.startsWith('wallet_revokePermissions')))
})

test('behavior: reload → both reconnect without a prompt', async () => {
  const { page } = await e2e.newPage()
  await connectBoth(page, '/t/both.html', EVM_WALLET.name, SOLANA_TEST_WALLET_NAME)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getAddress('solana') !== undefined && (window as any).modal.getAddress('eip155') !== undefined)
  assert.is(await address(page, 'solana'), solAddress)
  assert.is(await address(page, 'eip155'), evmAddress)
  assert.equal(await solLog(page), ['standard:connect:{"silent":true}:null'])
  const evm = await evmLog(page)
  assert.not.ok(evm.some((l) => l.startsWith('eth_requestAccounts')), evm.join())
  // After Solana's disconnect, the next reload restores EVM alone.
  await page.evaluate(() => (window as any).modal.disconnect('solana'))
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getAddress('eip155') !== undefined)
  await page.waitForFunction(() => (window as any).modal.getState().loading === false)
  assert.is(await address(page, 'solana'), undefined)
  assert.is(await active(page), 'eip155')
})

test('behavior: a wallet in both namespaces is listed once (MULTI_CHAIN) and connects each namespace', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/twin.html`)
  await openAccount(page)
  const twins = `window.modal.store.connection.connectors.value.filter((c) => c.name === ${JSON.stringify(TWIN.name)}).map((c) => c.chain).sort().join()`
  await page.waitForFunction(`${twins} === 'eip155,solana'`) // both adapters listed it
  await item(page, TWIN.name).waitFor()
  assert.is(await item(page, TWIN.name).count(), 1)
  await item(page, TWIN.name).click() // EVM is the active namespace
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await address(page), evmAddress)
  assert.is(await address(page, 'solana'), undefined)
  await chooseNetwork(page, 'Solana Localnet')
  await page.locator('w3m-modal h2', { hasText: 'Connect Wallet' }).waitFor()
  assert.is(await item(page, TWIN.name).count(), 1)
  await item(page, TWIN.name).click()
  await page.waitForFunction(() => (window as any).modal.getAddress('solana') !== undefined)
  assert.is(await address(page), solAddress)
  assert.is(await address(page, 'eip155'), evmAddress)
  assert.equal((await solLog(page, TWIN.name)).filter((l) => l.startsWith('standard:connect')), ['standard:connect:null:approve'])
})

test.run()
