// The embedded wallet on Solana, against the local ledger: an e-mail login on a page with eip155 and
// Solana adapters connects the same login's Solana account too; its provider signs a message and
// sends a 0.01 SOL transfer after approvals inside the secure frame; a declined approval rejects;
// a transaction's bytes passed as a message are refused.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import {
  address, appendTransactionMessageInstructions, compileTransaction, createNoopSigner, createSolanaRpc, createTransactionMessage, generateKeyPairSigner,
  getPublicKeyFromAddress, getTransactionEncoder, lamports, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes, verifySignature, type Address, type Rpc, type SolanaRpcApi,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { startE2E, type E2E } from './harness.ts'
import { loginByEmail, secureFrame } from './embedded-page.ts'
import { sitePage } from './site-page.ts'

const test = suite('e2e: embedded wallet on Solana')
let e2e: E2E
let page: Page
let rpc: Rpc<SolanaRpcApi>
let owner: Address

/** Calls the Solana provider in the page without awaiting; the outcome lands on window.__sol[key]. */
const start = (key: string, method: 'signMessage' | 'signAndSendTransaction', bytes: number[]) => page.evaluate(([k, m, b]) => {
  const w = window as any
  w.__sol ??= {}
  w.modal.getProvider('solana')[m](Uint8Array.from(b)).then(
    (result: unknown) => (w.__sol[k] = { result: result instanceof Uint8Array ? Array.from(result) : result }),
    (error: any) => (w.__sol[k] = { error: { code: error?.code, message: error?.message } }),
  )
}, [key, method, bytes] as const)
const outcome = async (key: string) => {
  await page.waitForFunction((k) => (window as any).__sol?.[k], key, { timeout: 30_000 })
  return page.evaluate((k) => (window as any).__sol[k], key)
}

async function transfer(to: Address, amount: bigint, part: 'transaction' | 'message' = 'transaction'): Promise<number[]> {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const payer = createNoopSigner(owner)
  const message = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: to, amount })], m))
  const compiled = compileTransaction(message)
  return Array.from(part === 'message' ? compiled.messageBytes : getTransactionEncoder().encode(compiled))
}

test.before(async () => {
  e2e = await startE2E({ solana: true })
  rpc = createSolanaRpc(e2e.stack.solana!.rpcUrl)
  e2e.stack.web.setPage('/t/embedded-solana.html', sitePage(e2e.stack, {
    networks: '[N.mainnet, N.solanaLocal]',
    adapters: '[Postern.adapters.eip155(), Postern.adapters.solana()]',
    options: "secureSiteUrl: config.secureSiteUrl, defaultAccountTypes: { eip155: 'eoa' },",
  }))
  ;({ page } = await e2e.newPage())
  await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/embedded-solana.html`, 'sol@example.com')
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: the e-mail login connects Solana too, and its balance shows after an airdrop', async () => {
  await page.waitForFunction(() => (window as any).modal.getAddressByChainNamespace('solana'))
  owner = address(await page.evaluate(() => (window as any).modal.getAddressByChainNamespace('solana') as string))
  assert.match(owner, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  assert.is(await page.evaluate(() => (window as any).modal.getAccount('solana').caipAddress), `solana:localnet:${owner}`)
  await rpc.requestAirdrop(owner, lamports(1_000_000_000n)).send()
  // A reload restores both namespaces from the frame's session and reads the balance afresh.
  await page.reload()
  await page.waitForFunction((a) => (window as any).modal.getAddressByChainNamespace('solana') === a, owner, { timeout: 20_000 })
  await page.evaluate(() => { const w = window as any; return w.modal.switchNetwork(w.Postern.networks.solanaLocal) })
  const button = page.locator('appkit-button', { hasText: /\b1(\.0+)? SOL/ })
  await button.waitFor().catch(async (e) => { console.error(await page.locator('appkit-button').innerText()); throw e })
})

test('behavior: signMessage is approved in the frame and the ed25519 signature verifies', async () => {
  const message = new TextEncoder().encode('hello solana from postern')
  await start('sign', 'signMessage', Array.from(message))
  const frame = secureFrame(page)
  await frame.locator('pre', { hasText: 'hello solana from postern' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  const { result } = await outcome('sign')
  assert.ok(await verifySignature(await getPublicKeyFromAddress(owner), signatureBytes(Uint8Array.from(result)), message))
})

test('attack: a transaction message passed to signMessage is refused before any approval (its signature would send the transfer)', async () => {
  const thief = (await generateKeyPairSigner()).address
  await start('disguised', 'signMessage', await transfer(thief, 500_000_000n, 'message'))
  const { error } = await outcome('disguised')
  assert.match(error.message, /This message is a transaction; use signTransaction/)
  assert.is(await secureFrame(page).locator('[data-testid=w3m-frame-approve]').count(), 0, 'no approval was shown')
})

test('behavior: a 0.01 SOL signAndSendTransaction approved in the frame lands; a declined one rejects with 4001', async () => {
  const receiver = (await generateKeyPairSigner()).address
  await start('send', 'signAndSendTransaction', await transfer(receiver, 10_000_000n))
  const frame = secureFrame(page)
  await frame.locator('dd', { hasText: `Transfer 0.01 SOL to ${receiver}` }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  const { result: signature } = await outcome('send')
  assert.match(signature, /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  assert.is((await rpc.getBalance(receiver).send()).value, 10_000_000n)

  await start('declined', 'signAndSendTransaction', await transfer(receiver, 10_000_000n))
  await frame.locator('[data-testid=w3m-frame-reject]').click()
  const { error } = await outcome('declined')
  assert.is(error.code, 4001)
  assert.is((await rpc.getBalance(receiver).send()).value, 10_000_000n)
})

test('behavior: disconnecting the embedded wallet ends its Solana account too', async () => {
  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => !(window as any).modal.getAddressByChainNamespace('solana') && !(window as any).modal.getAddressByChainNamespace('eip155'))
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnectedState()), false)
})

test.run()
