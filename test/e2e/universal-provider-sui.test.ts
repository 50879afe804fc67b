// AppKit's core examples with a Sui wallet: the site calls its own provider's connect(), the modal
// (manualWCControl) shows the URI it is opened with, takes the session up and closes on connect.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { shownUri } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'

const test = suite('e2e: core universal provider with manualWCControl (Sui)')
let e2e: E2E
let wallet: WcWallet
const sui = suiHandler()

test.before(async () => {
  e2e = await startE2E()
  const { web, relay, config, chains } = e2e.stack
  web.setPage('/t/sui-site.js', await bundleSite('test/e2e/universal-provider-sui-site.ts'))
  web.setPage('/t/sui.html', `<!doctype html><html><head><meta charset="utf-8"><title>sui</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><script src="/t/sui-site.js"></script></body></html>`)
  wallet = await createWalletConnectWallet({ relayUrl: relay.url, projectId: config.projectId, rpcUrls: Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), chains: [sui] })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

type Win = { provider: any; modal: any; state: { session?: any }; connect(): Promise<unknown> }

test('behavior: the modal shows the site\'s URI (open({ uri })), the Sui session becomes its account, a personal message signs and verifies', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/sui.html`)
  await page.waitForFunction(() => !!(window as unknown as Win).connect, undefined, { timeout: 20_000 })
  await page.evaluate(() => void (window as unknown as Win).connect())
  await dialog(page).waitFor()
  const uri = await shownUri(page)
  // The QR is the site's own pairing, not one the modal started.
  const pairings = await page.evaluate(() => (window as unknown as Win).provider.client.core.pairing.getPairings().map((p: { topic: string }) => p.topic))
  assert.is(pairings.length, 1)
  assert.ok(uri.startsWith(`wc:${pairings[0]}@2`))
  await wallet.pair(uri)
  await page.waitForFunction(() => !!(window as unknown as Win).state.session)
  await dialog(page).waitFor({ state: 'hidden' })
  assert.is(await page.evaluate(() => (window as unknown as Win).modal.getCaipAddress('sui')), `sui:mainnet:${sui.address}`)
  const signed = await page.evaluate((address) => (window as unknown as Win).provider.request({ method: 'sui_signPersonalMessage', params: { address, message: 'Hello from AppKit SUI!' } }, 'sui:mainnet'), sui.address) as { signature: string }
  const key = await verifyPersonalMessageSignature(new TextEncoder().encode('Hello from AppKit SUI!'), signed.signature)
  assert.is(key.toSuiAddress(), sui.address)
  // The modal's disconnect ends the site's session: the provider's and the wallet's.
  const topic = await page.evaluate(() => (window as unknown as Win).provider.session.topic as string)
  await page.evaluate(() => (window as unknown as Win).modal.disconnect())
  assert.is(await page.evaluate(() => (window as unknown as Win).provider.session ?? null), null)
  assert.is(await page.evaluate(() => (window as unknown as Win).modal.getIsConnected()), false)
  const deadline = Date.now() + 60_000
  while (wallet.sessions().includes(topic) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  assert.not.ok(wallet.sessions().includes(topic), 'the wallet saw the session end')
  assert.equal(errors, [])
})

test.run()
