// The onramp API and its sandbox provider page: options and quotes in the hosted shapes, a
// generated URL on the sandbox's own origin, and a confirmed purchase credited on chain once.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { demoAccount, TOKEN_ADDRESS } from '../../dev/chains/index.ts'

const test = suite<ApiCtx>('server onramp API and sandbox', {})
withApiServer(test, 'onramp.test.ts')

const buyer = demoAccount(6).address
async function call(ctx: ApiCtx, path: string, body?: unknown) {
  const res = await fetch(`${ctx.api!.url}${path}?projectId=test`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
const reader = (ctx: ApiCtx) => createPublicClient({ transport: http(ctx.chains!.chains[0]!.rpcUrl) })
const confirm = (url: string, session: string, card: string) =>
  fetch(`${url}/buy/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ session, card }), redirect: 'manual' })

test('options: USD and EUR with the spec limits; USDC and ETH on the served chains', async (ctx) => {
  const { json } = await call(ctx, '/v1/onramp/options')
  assert.equal(json.paymentCurrencies.map((c: any) => c.id), ['USD', 'EUR'])
  assert.equal(json.paymentCurrencies[0].payment_method_limits, [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }])
  const usdc = json.purchaseCurrencies.find((c: any) => c.symbol === 'USDC')
  assert.equal(usdc.networks.map((n: any) => n.chain_id), ['1', '137'])
  assert.is(usdc.networks[0].contract_address, TOKEN_ADDRESS)
})

test('quote: fees of 1.5% and a network fee, the rest at the price; bad input is a 400', async (ctx) => {
  const { status, json } = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { id: 'USDC', symbol: 'USDC' }, paymentCurrency: { id: 'USD' }, amount: '100', network: 'ethereum' })
  assert.is(status, 200)
  assert.equal(json.coinbaseFee, { amount: '1.50', currency: 'USD' })
  assert.equal(json.paymentTotal, { amount: '100.00', currency: 'USD' })
  assert.equal(json.purchaseAmount, { amount: '98.000000', currency: 'USDC' })
  assert.ok(json.quoteId)
  assert.is((await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: 'JPY' }, amount: '100', network: 'ethereum' })).status, 400)
  assert.is((await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { id: 'DOGE' }, paymentCurrency: { id: 'USD' }, amount: '100', network: 'ethereum' })).status, 400)
})

test('options: each served chain\'s native currency (ETH on 1, POL on 137) with no contract address', async (ctx) => {
  const { json } = await call(ctx, '/v1/onramp/options')
  const native = (symbol: string) => json.purchaseCurrencies.find((c: any) => c.symbol === symbol)?.networks.map((n: any) => [n.chain_id, n.contract_address])
  assert.equal(native('ETH'), [['1', '']])
  assert.equal(native('POL'), [['137', '']])
})

test('quote: the native currency as AppKit 1.8 asks for it (network: the currency\'s symbol), priced at its own rate', async (ctx) => {
  const { json: options } = await call(ctx, '/v1/onramp/options')
  const currency = (symbol: string) => options.purchaseCurrencies.find((c: any) => c.symbol === symbol)
  const usd = options.paymentCurrencies[0]
  const eth = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: currency('ETH'), paymentCurrency: usd, amount: '100', network: 'ETH' })
  assert.is(eth.status, 200, JSON.stringify(eth.json))
  assert.is(eth.json.purchaseAmount.currency, 'ETH')
  const usdc = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: currency('USDC'), paymentCurrency: usd, amount: '100', network: 'USDC' })
  const pol = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: currency('POL'), paymentCurrency: usd, amount: '100', network: 'POL' })
  assert.is(pol.status, 200, JSON.stringify(pol.json))
  assert.is(pol.json.purchaseAmount.currency, 'POL')
  // 98 USD after fees at each currency's price: ETH's and POL's are not USDC's 1.
  assert.is(usdc.json.purchaseAmount.amount, '98.000000')
  assert.ok(Number(eth.json.purchaseAmount.amount) > 0 && Number(eth.json.purchaseAmount.amount) < 1, eth.json.purchaseAmount.amount)
  assert.is.not(pol.json.purchaseAmount.amount, '98.000000')
  // By chain name too; a native currency on another chain than its own is refused with the reason.
  assert.is((await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { symbol: 'POL' }, paymentCurrency: usd, amount: '100', network: 'polygon' })).status, 200)
  const wrong = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { symbol: 'ETH' }, paymentCurrency: usd, amount: '100', network: 'polygon' })
  assert.is(wrong.status, 400)
  assert.match(wrong.json.reasons[0].description, /No ETH on network polygon/)
})

test('the generated URL is on the sandbox origin; a test card credits the wallet on chain once, another card is declined', async (ctx) => {
  const { status, json } = await call(ctx, '/v1/generators/onrampurl', { destinationWallets: [{ address: buyer, blockchains: ['ethereum'], assets: ['USDC'] }], partnerUserId: buyer, defaultExperience: 'buy', presetFiatAmount: 50 })
  assert.is(status, 200, JSON.stringify(json))
  const url = new URL(json.url)
  assert.is(url.origin, ctx.api!.onrampSandboxUrl)
  assert.is.not(url.origin, ctx.api!.url)
  const session = url.searchParams.get('session')!
  const html = await (await fetch(json.url)).text()
  assert.match(html, /50\.00 USD/)
  assert.match(html, /48\.750000 USDC/)
  const before = await reader(ctx).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
  assert.is((await confirm(ctx.api!.onrampSandboxUrl!, session, '4000 0000 0000 0002')).status, 402)
  const ok = await confirm(ctx.api!.onrampSandboxUrl!, session, '4242 4242 4242 4242')
  assert.is(ok.status, 200)
  assert.match(await ok.text(), /Purchase complete/)
  assert.is((await confirm(ctx.api!.onrampSandboxUrl!, session, '4242424242424242')).status, 200)
  const after = await reader(ctx).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
  assert.is(after - before, parseUnits('48.75', 6))
})

test('native purchases credit ETH; a redirect URL is followed after the purchase', async (ctx) => {
  const { json } = await call(ctx, '/v1/generators/onrampurl', { destinationWallets: [{ address: buyer, assets: ['ETH'] }], defaultNetwork: 'ethereum', partnerUserId: buyer, presetCryptoAmount: 0.01, redirectUrl: 'http://127.0.0.1:9/back' })
  const session = new URL(json.url).searchParams.get('session')!
  const before = await reader(ctx).getBalance({ address: buyer })
  const res = await confirm(ctx.api!.onrampSandboxUrl!, session, '4242424242424242')
  assert.is(res.status, 303)
  assert.is(res.headers.get('location'), 'http://127.0.0.1:9/back')
  assert.is((await reader(ctx).getBalance({ address: buyer })) - before, parseEther('0.01'))
  const bad = await call(ctx, '/v1/generators/onrampurl', { destinationWallets: [{ address: '0x12' }], partnerUserId: 'x' })
  assert.is(bad.status, 400)
})

test('native purchases credit POL on Polygon by the quoted amount, named as AppKit names it', async (ctx) => {
  const polygon = createPublicClient({ transport: http(ctx.chains!.chains[1]!.rpcUrl) })
  const { json } = await call(ctx, '/v1/generators/onrampurl', { destinationWallets: [{ address: buyer, blockchains: ['POL'], assets: ['POL'] }], partnerUserId: buyer, presetFiatAmount: 20 })
  assert.ok(json.url, JSON.stringify(json))
  const quote = await call(ctx, '/v1/onramp/quote', { purchaseCurrency: { symbol: 'POL' }, paymentCurrency: { id: 'USD' }, amount: '20', network: 'POL' })
  const session = new URL(json.url).searchParams.get('session')!
  assert.match(await (await fetch(json.url)).text(), new RegExp(`${quote.json.purchaseAmount.amount.replace('.', '\\.')} POL`))
  const before = await polygon.getBalance({ address: buyer })
  assert.is((await confirm(ctx.api!.onrampSandboxUrl!, session, '4242424242424242')).status, 200)
  assert.is((await polygon.getBalance({ address: buyer })) - before, parseEther(quote.json.purchaseAmount.amount))
})

test.run()
