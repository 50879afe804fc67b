// postern/pay: AppKit 1.8's @reown/appkit-pay names and asset values, its checks of a payment's
// options (AppKit's codes and messages), and the Pay view against the reference server: the
// exchanges it offers, PAY_MODAL_OPEN, Connect for a visitor without a wallet, a clear error when
// the exchanges cannot be loaded.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as pay from '../src/pay'
import { startApiServer, type ApiServer } from '../server/index.ts'
import { appkitNames } from './appkit-entries'
import { kitWith, modalRoot, resetDom, waitFor } from './render'

const test = suite<{ api?: ApiServer }>('postern/pay', {})
test.before(async (ctx) => {
  ctx.api = await startApiServer({ chains: [], indexer: false, onrampSandbox: true })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
})
test.before.each(() => {
  resetDom()
  pay.PayController.resetState()
})

const shop = '0x00000000000000000000000000000000000000aa'
const options = (patch: Partial<pay.PaymentOptions> = {}): pay.PaymentOptions => ({ paymentAsset: pay.baseUSDC, recipient: shop, amount: 12.5, ...patch })
const text = () => modalRoot().textContent ?? ''

test('exports: AppKit\'s names but for its Lit views', () => {
  assert.equal(appkitNames('pay', pay).missing, ['W3mPayLoadingView', 'W3mPayQuoteView', 'W3mPayView'])
  for (const name of ['getPayUrl', 'openPayUrl', 'getAvailableExchanges']) assert.type((pay as Record<string, unknown>)[name], 'function', name)
})

test('behavior: the asset helpers hold AppKit\'s values', () => {
  assert.equal(pay.baseUSDC, { network: 'eip155:8453', asset: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } })
  assert.equal(pay.baseETH, { network: 'eip155:8453', asset: 'native', metadata: { name: 'Ethereum', symbol: 'ETH', decimals: 18 } })
  assert.equal(pay.baseSepoliaETH, { network: 'eip155:84532', asset: 'native', metadata: { name: 'Ethereum', symbol: 'ETH', decimals: 18 } })
  assert.is(pay.ethereumUSDC.asset, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
  assert.is(pay.arbitrumUSDT.asset, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9')
  assert.equal(pay.solanaSOL, { network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', asset: 'native', metadata: { name: 'Solana', symbol: 'SOL', decimals: 9 } })
  assert.is(pay.formatCaip19Asset('eip155:8453', pay.baseUSDC.asset), 'eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')
  assert.is(pay.formatCaip19Asset('eip155:56', 'native'), 'eip155:56/slip44:714')
  assert.is(pay.formatCaip19Asset('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'native'), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501')
})

test('behavior: bad options are refused with AppKit\'s codes and messages, and nothing opens', async () => {
  const kit = kitWith()
  const refused = async (o: unknown, code: string, message: string) => {
    const error = await pay.openPay(o as pay.PaymentOptions).then(() => undefined, (e: unknown) => e)
    assert.instance(error, pay.AppKitPayError, code)
    assert.is((error as pay.AppKitPayError).code, code)
    assert.is((error as pay.AppKitPayError).message, message)
  }
  await refused(options({ amount: 0 }), 'INVALID_AMOUNT', 'Invalid payment amount')
  await refused(options({ amount: Number.NaN }), 'INVALID_AMOUNT', 'Invalid payment amount')
  await refused(options({ recipient: '' }), 'INVALID_RECIPIENT', 'Invalid recipient address')
  await refused(options({ recipient: 'not-an-address' }), 'INVALID_RECIPIENT_ADDRESS_FOR_ASSET', 'Invalid recipient address for the asset selected')
  await refused(options({ recipient: shop, paymentAsset: pay.solanaUSDC }), 'INVALID_RECIPIENT_ADDRESS_FOR_ASSET', 'Invalid recipient address for the asset selected')
  await refused({ recipient: shop, amount: 1 }, 'INVALID_PAYMENT_CONFIG', 'Invalid payment configuration')
  await refused(options({ paymentAsset: { ...pay.baseUSDC, metadata: { name: 'x', symbol: 'X', decimals: -1 } } }), 'INVALID_PAYMENT_CONFIG', 'Invalid payment configuration')
  const timeout = await pay.pay(options(), 0).then(() => undefined, (e: unknown) => e)
  assert.is((timeout as pay.AppKitPayError).code, 'INVALID_PAYMENT_CONFIG')
  assert.is(kit.getState().open, false)
  assert.is(pay.getIsPaymentInProgress(), false)
})

test('behavior: openPay shows the amount and the server\'s exchanges, sends PAY_MODAL_OPEN; without a wallet, Pay from wallet goes to Connect', async (ctx) => {
  const kit = kitWith({ blockchainApiUrl: ctx.api!.url })
  const events: { event: string; properties?: Record<string, unknown> }[] = []
  kit.subscribeEvents((e) => events.push(e.data))
  await pay.openPay(options())
  await waitFor(() => text().includes('Pay with Postern Test Exchange'), 'the exchange')
  assert.ok(text().includes('12.5 USDC'), text())
  assert.ok(text().includes('How you pay'))
  assert.equal(pay.getExchanges().map((e) => e.id), ['reown_test'])
  const open = events.find((e) => e.event === 'PAY_MODAL_OPEN')
  assert.equal(open?.properties?.['configuration'], { network: 'eip155:8453', asset: pay.baseUSDC.asset, recipient: shop, amount: 12.5 })
  const walletButton = [...modalRoot().querySelectorAll('button')].find((b) => b.textContent?.includes('Pay from wallet'))
  walletButton!.click()
  await waitFor(() => text().includes('Connect Wallet'), 'Connect')
  assert.is(pay.getPayResult(), undefined)
  assert.is(pay.getPayError(), null)
})

test('behavior: exchanges that cannot be loaded say so, with a retry; a headless pay URL for an unsold asset is ASSET_NOT_SUPPORTED', async (ctx) => {
  kitWith()
  await pay.openPay(options())
  await waitFor(() => modalRoot().querySelector('[data-testid=pay-exchanges-error]'), 'the error')
  assert.ok([...modalRoot().querySelectorAll('button')].some((b) => b.textContent === 'Try again'))
  resetDom()
  kitWith({ blockchainApiUrl: ctx.api!.url })
  const error = await pay.getPayUrl('reown_test', { network: 'eip155:8453', asset: pay.baseUSDC.asset, amount: 1, recipient: shop }).then(() => undefined, (e: unknown) => e)
  assert.is((error as pay.AppKitPayError).code, 'ASSET_NOT_SUPPORTED')
})

test('behavior: features.pay turns e-mail and socials off', () => {
  const kit = kitWith({ features: { pay: true, email: true, socials: ['google'] } })
  assert.is(kit.store.options.features.email, false)
  assert.is(kit.store.options.features.socials, false)
})

test.run()
