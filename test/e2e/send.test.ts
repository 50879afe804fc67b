// Send end to end in Chromium on the real stack: the injected test wallet over anvil (chains 1
// and 137, USDC) and the Solana test wallet over the local ledger. Every amount is checked on
// chain with viem or @solana/kit; nothing is mocked.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { parseEther, parseUnits } from 'viem'
import { createSolanaRpc, generateKeyPairSigner, type Signature } from '@solana/kit'
import { startE2E, type E2E } from './harness.ts'
import { WALLET_A } from './evm-page.ts'
import { demoAddresses, TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { SOLANA_TEST_WALLET_NAME } from '../../dev/stack.ts'
import { chainReaders, connectForSend, contrastOf, installSendPages, sendEvents as events } from './send-page.ts'

const test = suite('e2e: send (EVM and Solana)')
let e2e: E2E
const addresses = demoAddresses()

const { clientOn, usdcOf, lamportsOf, splOf } = chainReaders(() => e2e)
const connected = (index: number | 'sol') => connectForSend(e2e, index)
const sentCount = (page: Page) =>
  page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.filter((e: any) => e.method === 'eth_sendTransaction').length as number, WALLET_A.rdns)

test.before(async () => {
  e2e = await startE2E({ solana: true })
  installSendPages(e2e.stack)
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: a native send from the Account view moves exactly the amount; the fee is the receipt\'s; back to Account with balances refreshed', async () => {
  const { page, form, errors } = await connected(0)
  const from = addresses[0]!
  const to = addresses[5]!
  const client = clientOn(1)
  const [before, receiverBefore] = await Promise.all([client.getBalance({ address: from }), client.getBalance({ address: to })])
  await page.locator('appkit-button button').click()
  await form.modal.locator('[data-testid=feature-send]').click()
  await form.choose('native:ETH')
  await form.fee.filter({ hasText: /≈ 0\.\d+ ETH \(\$/ }).waitFor()
  await form.amount.fill('1.2345')
  await form.value.filter({ hasText: '$3703.50' }).waitFor()
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  assert.is(await form.modal.locator('[data-testid=send-preview-amount]').innerText(), '1.2345 ETH')
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  await page.locator('w3m-modal .toast', { hasText: 'Transaction sent' }).waitFor()
  const success = (await events(page)).find((e) => e.event === 'SEND_SUCCESS')!
  const receipt = await client.getTransactionReceipt({ hash: success.properties.hash })
  const [after, receiverAfter] = await Promise.all([client.getBalance({ address: from }), client.getBalance({ address: to })])
  assert.is(receiverAfter - receiverBefore, parseEther('1.2345'))
  assert.is(before - after, parseEther('1.2345') + receipt.gasUsed * receipt.effectiveGasPrice)
  assert.equal((await events(page)).map((e) => e.event), ['OPEN_SEND', 'SEND_INITIATED', 'SEND_SUCCESS'])
  assert.equal((await events(page))[1]!.properties, { isSmartAccount: false, token: 'ETH', amount: 1.2345, network: 'eip155:1' })
  await form.modal.locator('[data-testid=account-balance]', { hasText: /^9998\.76\d ETH$/ }).waitFor()
  assert.equal(errors, [])
})

test('behavior: an ERC-20 send moves exactly the USDC amount through transfer(), and the form is empty afterwards', async () => {
  const { page, form } = await connected(1)
  const from = addresses[1]!
  const to = addresses[6]!
  const [before, receiverBefore] = await Promise.all([usdcOf(1, from), usdcOf(1, to)])
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose(`eip155:1:${TOKEN_ADDRESS}`)
  await form.amount.fill('12.5')
  await form.receiver.fill(to)
  await form.submit.click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(receiverBefore + parseUnits('12.5', 6), await usdcOf(1, to))
  assert.is(before - parseUnits('12.5', 6), await usdcOf(1, from))
  const sent = await page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.find((e: any) => e.method === 'eth_sendTransaction').params[0], WALLET_A.rdns)
  assert.is(sent.to.toLowerCase(), TOKEN_ADDRESS.toLowerCase())
  assert.is(sent.value, '0x0')
  assert.ok(sent.data.startsWith('0xa9059cbb'), 'transfer(address,uint256)')
  const initiated = (await events(page)).find((e) => e.event === 'SEND_INITIATED')!
  assert.is(initiated.properties.token, `eip155:1:${TOKEN_ADDRESS}`)
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.amount.waitFor()
  assert.is(await form.amount.inputValue(), '')
  assert.is(await form.receiver.inputValue(), '')
})

test('behavior: each validation message appears for its bad input, and nothing reaches the wallet', async () => {
  const { page, form } = await connected(4)
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.submit.filter({ hasText: 'Select Token' }).click()
  await form.error('An amount and receiver address are required')
  await form.amount.fill('1')
  await form.receiver.fill(addresses[7]!)
  await form.submit.click()
  await form.error('A token is required')
  await form.choose('native:ETH')
  await form.amount.fill('abc')
  await form.receiver.focus()
  assert.is(await form.amount.inputValue(), '0', 'a non-numeric value becomes 0')
  await form.submit.filter({ hasText: 'Incorrect Value' }).click()
  await form.error('Incorrect Value')
  await form.amount.fill('10001')
  await form.submit.filter({ hasText: 'Insufficient Funds' }).click()
  await form.error('Insufficient Funds')
  await form.amount.fill('1')
  // One letter's case changed: the checksum no longer matches.
  const bad = addresses[7]!.replace(/[a-f]/, (c) => c.toUpperCase())
  await form.receiver.fill(bad)
  await form.submit.filter({ hasText: 'Invalid Address' }).click()
  await form.error('Invalid Address')
  assert.is(await form.receiver.getAttribute('aria-invalid'), 'true')
  // WCAG AA (4.5:1) for the error, the labels, the hints and the button, in both themes.
  for (const mode of ['dark', 'light']) {
    await page.evaluate((m) => (window as any).modal.setThemeMode(m), mode)
    await page.waitForFunction((m) => document.querySelector('w3m-modal')?.getAttribute('data-theme') === m, mode)
    for (const el of [form.modal.locator('[data-testid=send-error]'), form.modal.locator('label[for=send-to]'), form.fee, form.submit]) {
      const ratio = await contrastOf(el)
      assert.ok(ratio >= 4.5, `${mode}: ${await el.evaluate((e) => e.outerHTML.slice(0, 60))} has contrast ${ratio.toFixed(2)}`)
    }
  }
  await page.evaluate((to) => (window as any).modal.open({ view: 'WalletSend', arguments: { amount: '1', assetAddress: '', namespace: 'polkadot', chainId: 1, to } }), addresses[7])
  await form.error('Unsupported chain')
  assert.is(await sentCount(page), 0)
  assert.equal((await events(page)).map((e) => e.event), [])
  // While the wallet has the request: a loading state, and a second press sends nothing more.
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:ETH')
  await form.amount.fill('1')
  await form.receiver.fill(addresses[7]!)
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('hang'), WALLET_A.rdns)
  await form.submit.click()
  await form.confirm.click()
  await form.confirm.filter({ hasText: 'Sending…' }).waitFor()
  assert.is(await form.confirm.getAttribute('aria-disabled'), 'true')
  assert.is(await form.modal.locator('section[aria-busy=true]').count(), 1)
  await form.confirm.dispatchEvent('click')
  await page.waitForFunction((r) => (window as any).PosternTestWallet.get(r).requests.some((e: any) => e.method === 'eth_sendTransaction'), WALLET_A.rdns)
  assert.is(await sentCount(page), 1)
})

test('behavior: a wallet rejection (4001) is shown, the form is kept, and a second try sends', async () => {
  const { page, form } = await connected(3)
  const to = addresses[8]!
  const receiverBefore = await clientOn(1).getBalance({ address: to })
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:ETH')
  await form.amount.fill('0.5')
  await form.receiver.fill(to)
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await form.submit.click()
  await form.confirm.click()
  await form.error('Transaction rejected in the wallet')
  assert.is(await form.amount.inputValue(), '0.5')
  assert.is(await form.receiver.inputValue(), to)
  const rejected = (await events(page)).find((e) => e.event === 'SEND_REJECTED')!
  assert.equal({ ...rejected.properties, message: undefined }, { isSmartAccount: false, token: 'ETH', amount: 0.5, network: 'eip155:1', message: undefined })
  assert.is(await clientOn(1).getBalance({ address: to }), receiverBefore)
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('approve'), WALLET_A.rdns)
  await form.submit.click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(await clientOn(1).getBalance({ address: to }), receiverBefore + parseEther('0.5'))
})

test('behavior: the whole send works from the keyboard: Tab, arrows, typing and Enter', async () => {
  const { page, form } = await connected(3)
  const to = addresses[9]!
  const before = await clientOn(1).getBalance({ address: to })
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.token.locator('option[value="native:ETH"]').waitFor({ state: 'attached' })
  await form.token.focus()
  await page.keyboard.press('ArrowDown')
  assert.is(await form.token.inputValue(), 'native:ETH')
  await page.keyboard.press('Tab')
  await page.keyboard.type('0.1')
  await page.keyboard.press('Tab') // Max
  await page.keyboard.press('Tab')
  await page.keyboard.type(to)
  await page.keyboard.press('Enter')
  await form.confirm.waitFor()
  // The preview moves focus to its heading once it has rendered.
  await page.waitForFunction(() => document.querySelector('w3m-modal')!.shadowRoot!.activeElement?.id === 'send-review')
  await page.keyboard.press('Tab') // Cancel
  await page.keyboard.press('Tab') // Send
  await page.keyboard.press('Enter')
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(await clientOn(1).getBalance({ address: to }), before + parseEther('0.1'))
})

test('behavior: open({ view: \'WalletSend\', arguments }) switches to chain 137 and sends the USDC it names; Max on native keeps the fee', async () => {
  // Demo accounts 0 to 2 hold USDC on both chains.
  const { page, form } = await connected(2)
  const from = addresses[2]!
  const to = addresses[9]!
  const before = await usdcOf(137, to)
  await page.evaluate(({ token, to }) => (window as any).modal.open({ view: 'WalletSend', arguments: { amount: '7.25', assetAddress: token, namespace: 'eip155', chainId: 137, to } }), { token: TOKEN_ADDRESS, to })
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)

  await form.amount.and(page.locator('[readonly]')).waitFor()
  await page.waitForFunction(() => (document.querySelector('w3m-modal')!.shadowRoot!.querySelector('#send-amount') as HTMLInputElement)?.value === '7.25')
  assert.is(await form.receiver.inputValue(), to)
  await form.submit.click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(await usdcOf(137, to), before + parseUnits('7.25', 6))
  // Max on the native token: everything but the fee reserve, and that reserve pays for the send.
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:POL')
  await form.fee.filter({ hasText: /≈ 0\.\d+ POL/ }).waitFor()
  await form.max.click()
  const max = await form.amount.inputValue()
  const balance = await clientOn(137).getBalance({ address: from })
  assert.ok(parseEther(max) < balance && parseEther(max) > balance - parseEther('0.01'), `${max} of ${balance}`)
  await form.receiver.fill(to)
  await form.submit.click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  const left = await clientOn(137).getBalance({ address: from })
  assert.ok(left > 0n && left < parseEther('0.01'), `left ${left}`)
})

const solRequests = (page: Page) =>
  page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).requests.map((e: any) => `${e.method}:${e.outcome}`) as string[], SOLANA_TEST_WALLET_NAME)

test('behavior: a SOL send (System transfer) moves exactly the amount; the sender pays it plus the ledger\'s fee', async () => {
  const { page, form, errors } = await connected('sol')
  const from = e2e.stack.solana!.accounts[0]!.address
  const to = e2e.stack.solana!.accounts[3]!.address
  const [before, receiverBefore] = await Promise.all([lamportsOf(from), lamportsOf(to)])
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:SOL')
  await form.fee.filter({ hasText: /≈ 0\.000005 SOL/ }).waitFor()
  await form.amount.fill('0.75')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  const success = (await events(page)).find((e) => e.event === 'SEND_SUCCESS')!
  const tx = await createSolanaRpc(e2e.stack.solana!.rpcUrl).getTransaction(success.properties.hash as Signature, { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
  assert.is(await lamportsOf(to), receiverBefore + 750_000_000n)
  assert.is(await lamportsOf(from), before - 750_000_000n - BigInt(tx!.meta!.fee))
  assert.ok((await solRequests(page)).includes('solana:signAndSendTransaction:ok'))
  assert.equal(errors, [])
})

test('behavior: a Solana wallet refusing to sign keeps the form and says so; nothing moves', async () => {
  const { page, form } = await connected('sol')
  const to = e2e.stack.solana!.accounts[4]!.address
  const before = await lamportsOf(to)
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:SOL')
  await form.amount.fill('0.25')
  await form.receiver.fill(to)
  await page.evaluate((name) => (window as any).PosternSolanaTestWallet.get(name).setPolicy('reject', ['solana:signAndSendTransaction']), SOLANA_TEST_WALLET_NAME)
  await form.submit.click()
  await form.confirm.click()
  await form.error('Transaction rejected in the wallet')
  assert.is(await form.amount.inputValue(), '0.25')
  assert.is(await form.receiver.inputValue(), to)
  assert.ok((await solRequests(page)).includes('solana:signAndSendTransaction:rejected'))
  assert.equal((await events(page)).map((e) => e.event), ['SEND_INITIATED', 'SEND_REJECTED'])
  assert.is(await lamportsOf(to), before)
})

test('behavior: an SPL send (TransferChecked) to an address with no token account creates it and moves exactly the amount', async () => {
  const { page, form } = await connected('sol')
  const from = e2e.stack.solana!.accounts[0]!.address
  const to = (await generateKeyPairSigner()).address
  const before = await splOf(from)
  assert.is(await splOf(to), -1n, 'the receiver has no token account yet')
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  // The API names the ledger's tokens by its own chain id: the mint is what matters.
  await form.choose(`:${e2e.stack.solana!.mint}`)
  await form.amount.fill('12.345678')
  await form.receiver.fill(to)
  await form.submit.click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(await splOf(to), 12_345_678n)
  assert.is(await splOf(from), before - 12_345_678n)
  // A Solana address that is not base58 of 32 bytes is refused before the wallet is asked.
  const count = (await solRequests(page)).length
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:SOL')
  await form.amount.fill('1')
  await form.receiver.fill('0OIl' + to.slice(4))
  await form.submit.click()
  await form.error('Invalid Address')
  assert.is((await solRequests(page)).length, count)
})

test.run()
