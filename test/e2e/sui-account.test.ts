// A Sui account in the modal's Account view, over postern/universal-connector: the WalletConnect
// test wallet pairs, the view shows the SUI the local node holds (read by the reference server from
// the node), a transfer the wallet executes shows in the balance after a reload and in Activity.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { formatUnits } from 'viem'
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { pairUniversalConnector } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { tonHandler } from '../../dev/wallet/walletconnect/ton.ts'
import { suiHandler } from '../../dev/wallet/walletconnect/sui.ts'
import { polkadotHandler } from '../../dev/wallet/walletconnect/polkadot.ts'
import { cosmosHandler } from '../../dev/wallet/walletconnect/cosmos.ts'
import { formatBalance } from '../../src/utils/format.ts'

const test = suite('e2e: a Sui account\'s balance and activity in the Account view')
let e2e: E2E
let wallet: WcWallet
let address: string

test.before(async () => {
  e2e = await startE2E()
  const { web, relay, config, chains, ton, sui } = e2e.stack
  assert.ok(ton && sui, 'the stack runs the local TON ledger and Sui node')
  web.setPage('/t/sui-account-site.js', await bundleSite('test/e2e/universal-connector-site.ts'))
  web.setPage('/t/sui-account.html', `<!doctype html><html><head><meta charset="utf-8"><title>sui account</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><script src="/t/sui-account-site.js"></script></body></html>`)
  const sign = suiHandler({ rpcUrls: { [sui.caipNetworkId]: sui.url } })
  address = sign.address
  const handlers = [await tonHandler({ apiUrl: ton.url }), sign, await polkadotHandler(), await cosmosHandler()]
  wallet = await createWalletConnectWallet({ relayUrl: relay.url, projectId: config.projectId, rpcUrls: Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])), chains: handlers })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

type Win = { connector: any; modal: any; connecting?: Promise<any> }
const shown = () => `${formatBalance(formatUnits(e2e.stack.sui!.ledger.balance(address), 9))} SUI`

/** The modal on the Sui local network's Account view. */
async function openSuiAccount(page: Page) {
  await page.evaluate(async () => {
    const { modal } = window as unknown as Win
    await modal.switchNetwork(modal.getCaipNetworks('sui').find((n: { caipNetworkId: string }) => n.caipNetworkId === 'sui:localnet'))
    await modal.open()
  })
  await dialog(page).getByTestId('account-balance').waitFor()
}

test('behavior: the Account view shows the Sui balance; after a transfer the new balance, and the transfer in Activity', async () => {
  const { page, errors } = await e2e.newPage()
  await pairUniversalConnector(page, `${e2e.stack.web.url}/t/sui-account.html`, wallet)
  await page.evaluate(() => (window as unknown as Win).connecting)
  await dialog(page).waitFor({ state: 'hidden' })

  await openSuiAccount(page)
  const balance = dialog(page).getByTestId('account-balance')
  await assertText(balance, shown())

  // The wallet executes a 1.5 SUI transfer on the local node.
  const recipient = new Ed25519Keypair().toSuiAddress()
  const transfer = new Transaction()
  transfer.setSender(address)
  transfer.transferObjects([transfer.splitCoins(transfer.gas, [1_500_000_000n])[0]!], recipient)
  const executed = await page.evaluate(([transaction, from]) => (window as unknown as Win).connector.request({ method: 'sui_signAndExecuteTransaction', params: { transaction, address: from } }, 'sui:localnet'), [await transfer.toJSON(), address] as const) as { digest: string }
  assert.is(e2e.stack.sui!.ledger.balance(recipient), 1_500_000_000n)

  // The server shows a change within its balances' maximum age (server/balance-cache.ts).
  const api = new URL(`/v1/account/${address}/balance?projectId=${e2e.stack.config.projectId}&chainId=sui:localnet`, e2e.stack.api.url)
  const deadline = Date.now() + 60_000
  let served = ''
  while (Date.now() < deadline && !served.includes(formatUnits(e2e.stack.sui!.ledger.balance(address), 9))) {
    served = await (await fetch(api)).text()
    await new Promise((r) => setTimeout(r, 200))
  }
  assert.match(served, formatUnits(e2e.stack.sui!.ledger.balance(address), 9))
  // After a reload the session comes back and the balance is read again: the new one.
  await page.reload()
  await page.waitForFunction(() => !!(window as unknown as Win).connector?.provider.session, undefined, { timeout: 20_000 })
  await openSuiAccount(page)
  await assertText(dialog(page).getByTestId('account-balance'), shown())

  // Activity lists the transfer: sent, 1.5 SUI, to the recipient.
  await dialog(page).getByRole('tab', { name: 'Activity' }).click()
  const row = dialog(page).locator(`[data-testid="history-row"][data-hash="${executed.digest}"]`)
  await row.waitFor()
  const text = (await row.textContent()) ?? ''
  assert.match(text, /Sent/)
  assert.match(text, /-1\.500 SUI/)
  assert.equal(errors, [])
})

async function assertText(locator: ReturnType<Page['locator']>, expected: string) {
  const deadline = Date.now() + 60_000
  let seen = ''
  while (Date.now() < deadline) {
    seen = ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim()
    if (seen === expected) return
    await new Promise((r) => setTimeout(r, 200))
  }
  assert.is(seen, expected)
}

test.run()
