// AppKit's three quick-starts on Postern (dev/quickstart): each page loads and connects with the
// test wallets; in the React + wagmi one, wagmi's own hooks see the connection and send through it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { demoAddresses } from '../../dev/chains/index.ts'
import { SOLANA_TEST_WALLET_NAME } from '../../dev/stack.ts'

const test = suite('e2e: AppKit quick-starts')
let e2e: E2E
const address = demoAddresses()[0]!
const EVM_WALLET = 'Postern Test Wallet'

test.before(async () => {
  e2e = await startE2E({ solana: true, reactDemo: true })
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: JavaScript + wagmi — the page\'s own button opens the modal and the wallet connects', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/quickstart/vanilla.html`)
  await page.locator('#open-connect-modal').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: EVM_WALLET }).click()
  await page.locator('#status', { hasText: 'connected' }).waitFor()
  assert.is(await page.locator('#address').textContent(), address)
  assert.is(await page.locator('#network').textContent(), '1')
  await page.locator('#open-network-modal').click()
  await page.locator('w3m-modal ul[aria-label=Networks] .item', { hasText: 'Polygon' }).waitFor()
  assert.equal(errors, [])
})

test('behavior: React + wagmi — wagmi\'s useAccount and useBalance see the modal\'s connection; useSendTransaction sends through the wallet', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/quickstart/react-wagmi.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: EVM_WALLET }).click()
  await page.locator('[data-testid=status]', { hasText: 'connected' }).waitFor()
  assert.is(await page.locator('[data-testid=address]').textContent(), address)
  await page.locator('[data-testid=balance]', { hasText: 'wei ETH' }).waitFor()
  await page.getByRole('button', { name: 'Send 1 wei to myself' }).click()
  await page.locator('[data-testid=hash]', { hasText: /^0x[0-9a-f]{64}$/ }).waitFor()
  assert.equal(errors, [])
})

test('behavior: React + Solana — the Solana test wallet connects; useAppKitProvider gives its provider', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/quickstart/solana.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: SOLANA_TEST_WALLET_NAME }).click()
  await page.locator('[data-testid=connected]', { hasText: 'true' }).waitFor()
  const solanaAddress = await page.locator('[data-testid=address]').textContent()
  assert.match(solanaAddress ?? '', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  assert.is(await page.locator('[data-testid=network]').textContent(), 'Solana Localnet')
  assert.is(await page.locator('[data-testid=provider]').textContent(), SOLANA_TEST_WALLET_NAME)
  assert.equal(errors, [])
})

test.run()
