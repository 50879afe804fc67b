// The Solana test wallet in real Chromium: Wallet Standard discovery both ways round, connect
// with the scripted approval policy, silent reconnect, signing, and sending on the local ledger.
import { createServer, type Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../browser.ts'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type Base64EncodedWireTransaction,
  type Rpc,
  type Signature,
  type SignatureBytes,
  type SolanaRpcApi,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { startSolana, type LocalSolana } from '../../dev/solana/index.ts'
import {
  solanaProbeSource,
  solanaWalletSource,
  toBrowserOptions,
  type PosternSolanaProbe,
  type SolanaTestWalletOptions,
  type WindowWithSolanaTestWallet,
} from '../../dev/wallet/solana/index.ts'
import { watchdogMs } from '../watchdog.ts'

const NAME = 'Postern Solana Test'
const SOL = 1_000_000_000n

type TestWindow = WindowWithSolanaTestWallet & { PosternSolanaProbe: PosternSolanaProbe }

interface Ctx {
  solana?: LocalSolana
  rpc?: Rpc<SolanaRpcApi>
  server?: Server
  origin: string
  browser?: Browser
  options?: SolanaTestWalletOptions
}
const test = suite<Ctx>('dev/wallet/solana in Chromium', { origin: '' })

let teardown = async () => {}
const watchdog = setTimeout(() => {
  console.error('solana-wallet.test.ts: timed out')
  void teardown().finally(() => process.exit(1))
}, watchdogMs(40_000))

/** `/?order=before|after|app`: the wallet script before the app, after it, or not at all. */
function page(order: string, options: SolanaTestWalletOptions): string {
  const wallet = `<script src="/wallet.js"></script><script>PosternSolanaTestWallet.install(${JSON.stringify(options)})</script>`
  const app = '<script src="/probe.js"></script>'
  const body = order === 'before' ? wallet + app : order === 'after' ? app + wallet : app
  return `<!doctype html><meta charset="utf-8"><title>solana wallet test</title>${body}`
}

test.before(async (ctx) => {
  teardown = async () => {
    await ctx.browser?.close()
    await new Promise<void>((resolve) => (ctx.server ? ctx.server.close(() => resolve()) : resolve()))
    ctx.server?.closeAllConnections()
    await ctx.solana?.stop()
  }
  const [solana, walletJs, probeJs] = await Promise.all([startSolana(), solanaWalletSource(), solanaProbeSource()])
  ctx.solana = solana
  ctx.rpc = createSolanaRpc(solana.rpcUrl)
  const options = toBrowserOptions({ name: NAME, rpcUrl: solana.rpcUrl, secretKeys: solana.accounts.map((a) => a.secretKey) })
  ctx.options = options
  ctx.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const js = url.pathname === '/wallet.js' ? walletJs : url.pathname === '/probe.js' ? probeJs : undefined
    if (js !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(js)
    } else if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(page(url.searchParams.get('order') ?? 'before', options))
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => ctx.server!.listen(0, '127.0.0.1', resolve))
  const port = (ctx.server.address() as { port: number }).port
  ctx.origin = `http://127.0.0.1:${port}`
  ctx.browser = await launchChromium()
})

test.after(async () => {
  await teardown()
  clearTimeout(watchdog)
})

async function open(ctx: Ctx, order = 'before', context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await ctx.browser!.newContext())).newPage()
  page.on('pageerror', (error) => console.error('page error:', error))
  await page.goto(`${ctx.origin}/?order=${order}`)
  return page
}

const probe = <T>(page: Page, fn: (p: PosternSolanaProbe, args: string[]) => T | Promise<T>, ...args: string[]) =>
  page.evaluate(
    ([source, a]) => new Function('p', 'a', `return (${source})(p, a)`)((window as unknown as TestWindow).PosternSolanaProbe, a),
    [fn.toString(), args] as const,
  ) as Promise<Awaited<T>>

const wallet = (page: Page) => ({
  setPolicy: (policy: string) => page.evaluate(([n, p]) => (window as unknown as TestWindow).PosternSolanaTestWallet.get(n!).setPolicy(p as 'approve'), [NAME, policy]),
  requests: () => page.evaluate((n) => (window as unknown as TestWindow).PosternSolanaTestWallet.get(n).requests, NAME),
  state: () => page.evaluate((n) => (window as unknown as TestWindow).PosternSolanaTestWallet.get(n).state, NAME),
})

async function transferBase64(ctx: Ctx, from: Address, to: Address, amount: bigint): Promise<string> {
  const { value: lifetime } = await ctx.rpc!.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: { address: from } as never, destination: to, amount })], m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

test('discovered by getWallets() when the wallet registers before the app', async (ctx) => {
  const page = await open(ctx, 'before')
  assert.equal(await probe(page, (p) => p.names()), [NAME])
  const described = await probe(page, (p, [n]) => p.describe(n!), NAME)
  assert.is(described.version, '1.0.0')
  assert.match(described.icon, /^data:image\/svg\+xml;base64,/)
  assert.equal(described.chains, ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
  for (const f of ['standard:connect', 'standard:disconnect', 'standard:events', 'solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']) {
    assert.ok(described.features.includes(f), f)
  }
  assert.equal(described.accounts, []) // nothing authorised yet
  await page.context().close()
})

test('discovered when the wallet registers after the app, and when added later still', async (ctx) => {
  const page = await open(ctx, 'after')
  assert.equal(await probe(page, (p) => p.registrations()), [NAME])

  const late = await open(ctx, 'app')
  assert.equal(await probe(late, (p) => p.names()), [])
  await late.addScriptTag({ url: '/wallet.js' })
  await late.evaluate((o) => {
    const w = window as unknown as TestWindow
    w.PosternSolanaTestWallet.install({ ...o, name: 'Late Solana' })
    w.PosternSolanaTestWallet.install({ ...o, name: 'Second Solana', accountIndex: 1 })
  }, ctx.options!)
  assert.equal(await probe(late, (p) => p.registrations()), ['Late Solana', 'Second Solana'])
  await late.evaluate(() => (window as unknown as TestWindow).PosternSolanaTestWallet.get('Late Solana').unregister())
  assert.equal(await probe(late, (p) => p.names()), ['Second Solana'])
  await page.context().close()
  await late.context().close()
})

test('connect: approve gives the account; a reload reconnects silently; a fresh site gets none silently', async (ctx) => {
  const first = ctx.solana!.accounts[0]!.address
  const context = await ctx.browser!.newContext()
  const page = await open(ctx, 'before', context)
  assert.equal(await probe(page, (p, [n]) => p.connect(n!), NAME), { accounts: [first] })
  const [entry] = await wallet(page).requests()
  assert.is(entry!.method, 'standard:connect')
  assert.is(entry!.outcome, 'ok')
  assert.is(entry!.prompt, 'approve')
  assert.equal(entry!.result, { accounts: [first] })
  assert.equal((await probe(page, (p, [n]) => p.describe(n!), NAME)).accounts.map((a) => a.address), [first])

  await page.reload()
  assert.equal(await probe(page, (p, [n]) => p.connect(n!, true as never), NAME), { accounts: [first] })
  const [silent] = await wallet(page).requests()
  assert.is(silent!.prompt, null) // no popup for a silent connect
  assert.is((await wallet(page).state()).authorized, true)
  await context.close()

  const fresh = await open(ctx, 'before')
  assert.equal(await probe(fresh, (p, [n]) => p.connect(n!, true as never), NAME), { accounts: [] })
  assert.is((await wallet(fresh).requests())[0]!.prompt, null)
  await fresh.context().close()
})

test('connect: reject throws 4001, then a retry is approved; hang leaves the request pending', async (ctx) => {
  const page = await open(ctx, 'before')
  await wallet(page).setPolicy('reject')
  assert.equal(await probe(page, (p, [n]) => p.connect(n!), NAME), { error: { code: 4001, message: 'User rejected the request.' } })
  assert.is((await wallet(page).requests())[0]!.outcome, 'rejected')
  assert.is((await wallet(page).state()).authorized, false)

  await wallet(page).setPolicy('hang')
  await page.evaluate((n) => void (window as unknown as TestWindow).PosternSolanaProbe.connect(n), NAME)
  await new Promise((r) => setTimeout(r, 200))
  const hanging = (await wallet(page).requests())[1]!
  assert.is(hanging.outcome, 'pending')
  assert.is(hanging.prompt, 'hang')

  await wallet(page).setPolicy('approve')
  assert.equal(await probe(page, (p, [n]) => p.connect(n!), NAME), { accounts: [ctx.solana!.accounts[0]!.address] })
  await page.context().close()
})

test('signMessage: an ed25519 signature that verifies in Node; unauthorised signing is 4100', async (ctx) => {
  const page = await open(ctx, 'before')
  const message = Buffer.from('Sign in to Postern at 127.0.0.1').toString('base64')
  const unauthorised = await probe(page, (p, [n, m]) => p.signMessage(n!, m!, 'AZFi8xTsL8FnYMY6ZcwjENZ1W9gvVXjkr3YXUMMYGkgN'), NAME, message)
  assert.ok('error' in unauthorised)

  await probe(page, (p, [n]) => p.connect(n!), NAME)
  const signed = await probe(page, (p, [n, m]) => p.signMessage(n!, m!), NAME, message)
  assert.ok(!('error' in signed), JSON.stringify(signed))
  assert.is(signed.signatureType, 'ed25519')
  assert.is(signed.signedMessage, message)
  const key = await getPublicKeyFromAddress(address(ctx.solana!.accounts[0]!.address))
  const signature = new Uint8Array(Buffer.from(signed.signature, 'base64')) as SignatureBytes
  assert.ok(await verifySignature(key, signature, Buffer.from(message, 'base64')))
  assert.not.ok(await verifySignature(key, signature, Buffer.from('something else')))
  const log = await wallet(page).requests()
  assert.equal(log.map((e) => [e.method, e.outcome]), [['solana:signMessage', 'error'], ['standard:connect', 'ok'], ['solana:signMessage', 'ok']])
  assert.is(log[0]!.error!.code, 4100)
  assert.equal(log[2]!.params, [{ account: ctx.solana!.accounts[0]!.address, message, text: 'Sign in to Postern at 127.0.0.1' }])

  await wallet(page).setPolicy('reject')
  assert.is((await probe(page, (p, [n, m]) => p.signMessage(n!, m!), NAME, message) as { error: { code: number } }).error.code, 4001)
  await page.context().close()
})

test('signAndSendTransaction moves SOL on the local ledger; signTransaction returns a sendable transaction', async (ctx) => {
  const [from, to] = [address(ctx.solana!.accounts[0]!.address), address(ctx.solana!.accounts[3]!.address)]
  const before = [(await ctx.rpc!.getBalance(from).send()).value, (await ctx.rpc!.getBalance(to).send()).value]
  const page = await open(ctx, 'before')
  await probe(page, (p, [n]) => p.connect(n!), NAME)

  const sent = await probe(page, (p, [n, t]) => p.signAndSendTransaction(n!, t!, 'solana:localnet'), NAME, await transferBase64(ctx, from, to, 1_250_000_000n))
  assert.ok(!('error' in sent), JSON.stringify(sent))
  const { value } = await ctx.rpc!.getSignatureStatuses([sent.signature as Signature]).send()
  assert.is(value[0]?.err, null)
  assert.is(value[0]?.confirmationStatus, 'finalized')
  assert.is((await ctx.rpc!.getBalance(from).send()).value, before[0]! - 1_250_000_000n - 5000n)
  assert.is((await ctx.rpc!.getBalance(to).send()).value, before[1]! + 1_250_000_000n)
  const entry = (await wallet(page).requests()).at(-1)!
  assert.is(entry.method, 'solana:signAndSendTransaction')
  assert.equal(entry.result, [{ signature: sent.signature }])

  const signed = await probe(page, (p, [n, t]) => p.signTransaction(n!, t!, 'solana:devnet'), NAME, await transferBase64(ctx, from, to, 1n * SOL))
  assert.ok(!('error' in signed), JSON.stringify(signed))
  const signature = await ctx.rpc!.sendTransaction(signed.signedTransaction as Base64EncodedWireTransaction, { encoding: 'base64' }).send()
  assert.is((await ctx.rpc!.getSignatureStatuses([signature]).send()).value[0]?.err, null)
  assert.is((await ctx.rpc!.getBalance(to).send()).value, before[1]! + 2_250_000_000n)

  const unknownChain = await probe(page, (p, [n, t]) => p.signAndSendTransaction(n!, t!, 'solana:elsewhere'), NAME, await transferBase64(ctx, from, to, 1n))
  assert.ok('error' in unknownChain && unknownChain.error.code === -32602, JSON.stringify(unknownChain))
  await page.context().close()
})

test('standard:events: account changes and a wallet-side disconnect reach the app', async (ctx) => {
  const page = await open(ctx, 'before')
  await probe(page, (p, [n]) => p.connect(n!), NAME)
  await page.evaluate(([n, a]) => (window as unknown as TestWindow).PosternSolanaTestWallet.get(n!).setAccounts([a!]), [NAME, ctx.solana!.accounts[2]!.address])
  await page.evaluate((n) => (window as unknown as TestWindow).PosternSolanaTestWallet.get(n).disconnect(), NAME)
  const changes = await probe(page, (p) => p.changes())
  assert.equal(changes, [
    { wallet: NAME, accounts: [ctx.solana!.accounts[0]!.address] },
    { wallet: NAME, accounts: [ctx.solana!.accounts[2]!.address] },
    { wallet: NAME, accounts: [] },
  ])
  assert.equal(await probe(page, (p, [n]) => p.connect(n!, true as never), NAME), { accounts: [] })
  await page.context().close()
})

test.run()
