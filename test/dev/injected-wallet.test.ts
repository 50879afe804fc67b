// The injected test wallet in real Chromium against real anvil nodes (chains 1, 137 and 10).
import { createServer, type Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../browser.ts'
import { verifyMessage, verifyTypedData } from 'viem'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'
import { demoAddresses } from '../../dev/chains/accounts.ts'
import {
  injectedWalletInstallScript,
  injectedWalletSource,
  type InjectedWalletOptions,
  type RequestLogEntry,
  type WindowWithTestWallet,
} from '../../dev/wallet/injected/index.ts'
import { watchdogMs } from '../watchdog.ts'

const ADDRESSES = demoAddresses()
const ETH = 10n ** 18n

// The page records what a dApp would see: every announcement, and each provider's events.
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>injected wallet test</title>
<script>
  window.__announces = []
  window.__events = {}
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = event.detail
    window.__announces.push({
      info: { ...detail.info },
      frozen: Object.isFrozen(detail) && Object.isFrozen(detail.info),
      isTest: detail.provider.isPosternTestWallet === true,
    })
    const rdns = detail.info.rdns
    if (window.__events[rdns]) return
    const events = (window.__events[rdns] = [])
    for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'])
      detail.provider.on(name, (p) => events.push([name, p instanceof Error ? { code: p.code, message: p.message } : p]))
  })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
</script>
<script src="/wallet.js"></script>`

interface Announce {
  info: { uuid: string; name: string; icon: string; rdns: string }
  frozen: boolean
  isTest: boolean
}
type TestWindow = WindowWithTestWallet & { __announces: Announce[]; __events: Record<string, [string, unknown][]> }
type RpcOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string }

const stack: { anvils: AnvilNode[]; server?: Server; browser?: Browser } = { anvils: [] }
let chain1: AnvilNode, chain137: AnvilNode, chain10: AnvilNode
let pageUrl = ''

async function teardown(): Promise<void> {
  const { server, browser, anvils } = stack
  stack.server = undefined
  stack.browser = undefined
  stack.anvils = []
  await Promise.allSettled([
    browser?.close(),
    ...anvils.map((a) => a.stop()),
    server &&
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  ])
}

// Bounded run: whatever hangs, the processes still go.
const watchdog = setTimeout(() => {
  console.error('injected-wallet.test: timed out after 60 s')
  void teardown().finally(() => process.exit(1))
}, watchdogMs(60_000))

function serve(): Promise<string> {
  const script = injectedWalletSource()
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE_HTML)
    else if (path === '/wallet.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else res.writeHead(404).end()
  })
  stack.server = server
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`)
    })
  })
}

async function nodeRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
const balanceOf = async (node: AnvilNode, address: string) => BigInt((await nodeRpc(node.rpcUrl, 'eth_getBalance', [address, 'latest'])) as string)

function walletOptions(overrides: Partial<InjectedWalletOptions> = {}): InjectedWalletOptions {
  return { name: 'Alpha Wallet', rdns: 'dev.postern.alpha', chains: { '1': chain1.rpcUrl, '137': chain137.rpcUrl }, ...overrides }
}

function install(page: Page, options: InjectedWalletOptions): Promise<void> {
  return page.evaluate((o) => {
    ;(window as unknown as TestWindow).PosternTestWallet.install(o)
  }, options)
}

function rpc(page: Page, rdns: string, method: string, params?: unknown): Promise<RpcOutcome> {
  return page.evaluate(
    async ({ rdns, method, params }) => {
      const provider = (window as unknown as TestWindow).PosternTestWallet.get(rdns).provider
      try {
        const result = await provider.request(params === undefined ? { method } : { method, params: params as object })
        return { ok: true as const, result }
      } catch (e) {
        const error = e as { code: number; message: string }
        return { ok: false as const, code: error.code, message: error.message }
      }
    },
    { rdns, method, params },
  )
}
function ok(outcome: RpcOutcome): unknown {
  if (!outcome.ok) assert.unreachable(`expected success, got ${outcome.code} ${outcome.message}`)
  return outcome.ok ? outcome.result : undefined
}
function fails(outcome: RpcOutcome, code: number): string {
  if (outcome.ok) assert.unreachable(`expected error ${code}, got ${JSON.stringify(outcome.result)}`)
  else assert.is(outcome.code, code, outcome.message)
  return outcome.ok ? '' : outcome.message
}
const requests = (page: Page, rdns: string) =>
  page.evaluate((r) => (window as unknown as TestWindow).PosternTestWallet.get(r).requests, rdns) as Promise<RequestLogEntry[]>
const events = (page: Page, rdns: string) =>
  page.evaluate((r) => (window as unknown as TestWindow).__events[r] ?? [], rdns)
const handleCall = (page: Page, rdns: string, call: string, args: unknown[] = []) =>
  page.evaluate(
    ({ rdns, call, args }) => {
      const handle = (window as unknown as TestWindow).PosternTestWallet.get(rdns) as unknown as Record<string, (...a: unknown[]) => void>
      handle[call]!(...args)
    },
    { rdns, call, args },
  )

const test = suite<{ context: BrowserContext; page: Page }>('injected wallet', { context: undefined!, page: undefined! })

test.before(async () => {
  const [a1, a137, a10] = await Promise.allSettled([startAnvil(1), startAnvil(137), startAnvil(10)])
  for (const r of [a1, a137, a10]) if (r.status === 'fulfilled') stack.anvils.push(r.value)
  for (const r of [a1, a137, a10]) if (r.status === 'rejected') throw r.reason
  ;[chain1, chain137, chain10] = stack.anvils as [AnvilNode, AnvilNode, AnvilNode]
  pageUrl = await serve()
  stack.browser = await launchChromium()
})
test.after(async () => {
  await teardown()
  clearTimeout(watchdog)
})
test.before.each(async (ctx) => {
  ctx.context = await stack.browser!.newContext()
  ctx.page = await ctx.context.newPage()
})
test.after.each(async (ctx) => {
  await ctx.context.close()
})

test('announces to a listener added before install and, on request, to one added after', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  const before = await page.evaluate(() => (window as unknown as TestWindow).__announces)
  assert.is(before.length, 1)
  const [first] = before
  assert.equal({ name: first!.info.name, rdns: first!.info.rdns }, { name: 'Alpha Wallet', rdns: 'dev.postern.alpha' })
  assert.match(first!.info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  assert.ok(first!.info.icon.startsWith('data:image/svg+xml,'))
  assert.ok(first!.frozen, 'detail and info are frozen')
  assert.ok(first!.isTest)

  const late = await page.evaluate(() => {
    const seen: string[] = []
    window.addEventListener('eip6963:announceProvider', (e) => seen.push((e as CustomEvent).detail.info.rdns))
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return seen
  })
  assert.equal(late, ['dev.postern.alpha'])
  assert.is(await page.evaluate(() => (window as unknown as TestWindow).__announces.length), 2)
  // connect follows install once the page could attach listeners.
  await page.waitForFunction(() => (window as unknown as TestWindow).__events['dev.postern.alpha']?.length)
  assert.equal(await events(page, 'dev.postern.alpha'), [['connect', { chainId: '0x1' }]])
})

test('two wallets announce once each with their own info and keep their own state', async ({ page }) => {
  await page.goto(pageUrl)
  const uuid = '6f1d2a7e-1b2c-4d3e-8f40-123456789abc'
  const icon = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
  await install(page, walletOptions())
  await install(page, walletOptions({ name: 'Beta Wallet', rdns: 'dev.postern.beta', uuid, icon, chainId: 137, accountIndex: [2] }))
  const infos = await page.evaluate(() => (window as unknown as TestWindow).__announces.map((a) => a.info))
  assert.equal(infos.map((i) => i.rdns), ['dev.postern.alpha', 'dev.postern.beta'])
  assert.equal(infos[1], { uuid, name: 'Beta Wallet', icon, rdns: 'dev.postern.beta' })
  assert.is.not(infos[0]!.uuid, uuid)

  await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
  const again = await page.evaluate(() => (window as unknown as TestWindow).__announces.slice(2).map((a) => a.info.rdns))
  assert.equal(again, ['dev.postern.alpha', 'dev.postern.beta'])

  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts')), [ADDRESSES[0]])
  assert.equal(ok(await rpc(page, 'dev.postern.beta', 'eth_accounts')), [])
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0x1')
  assert.is(ok(await rpc(page, 'dev.postern.beta', 'eth_chainId')), '0x89')
  assert.equal(ok(await rpc(page, 'dev.postern.beta', 'eth_requestAccounts')), [ADDRESSES[2]])
})

test('loading the script twice keeps the first copy; bad options throw clear errors', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  const kept = await page.evaluate(async () => {
    const w = window as unknown as TestWindow
    const api = w.PosternTestWallet
    const script = document.createElement('script')
    script.src = '/wallet.js?again'
    await new Promise((resolve) => {
      script.onload = resolve
      document.head.append(script)
    })
    return w.PosternTestWallet === api && w.PosternTestWallet.list().join()
  })
  assert.is(kept, 'dev.postern.alpha')

  const errorOf = (options: unknown) =>
    page.evaluate((o) => {
      try {
        ;(window as unknown as TestWindow).PosternTestWallet.install(o as InjectedWalletOptions)
        return 'installed'
      } catch (e) {
        return (e as Error).message
      }
    }, options)
  const chains = { '1': chain1.rpcUrl }
  assert.match(await errorOf(walletOptions()), 'already installed')
  assert.match(await errorOf({ name: 'X', rdns: 'not a domain', chains }), 'rdns must be a reverse domain name')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains: {} }), 'chains must be a non-empty object')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains: { '0x1': chain1.rpcUrl } }), 'decimal chain ids')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains: { '1': 'ws://x' } }), 'http(s) URL')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains, chainId: 137 }), 'chainId must be one of')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains, accountIndex: [10] }), 'integers 0..9')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains, icon: 'https://x/icon.png' }), 'data:image/')
  assert.match(await errorOf({ name: 'X', rdns: 'dev.x', chains, autoaprove: true }), 'unknown option "autoaprove"')
  assert.match(await errorOf({ name: '', rdns: 'dev.x', chains }), 'name must be')
})

test('eth_accounts is empty until eth_requestAccounts is approved; the log is exact', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions({ accountIndex: [0, 1] }))
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts')), [ADDRESSES[0], ADDRESSES[1]])
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [ADDRESSES[0], ADDRESSES[1]])
  // Already authorised: no second prompt.
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts')), [ADDRESSES[0], ADDRESSES[1]])
  assert.equal(await requests(page, 'dev.postern.alpha'), [
    { method: 'eth_accounts', params: undefined, outcome: 'ok', prompt: null, result: [] },
    { method: 'eth_requestAccounts', params: undefined, outcome: 'ok', prompt: 'approve', result: [ADDRESSES[0], ADDRESSES[1]] },
    { method: 'eth_accounts', params: undefined, outcome: 'ok', prompt: null, result: [ADDRESSES[0], ADDRESSES[1]] },
    { method: 'eth_requestAccounts', params: undefined, outcome: 'ok', prompt: null, result: [ADDRESSES[0], ADDRESSES[1]] },
  ])
  const changes = (await events(page, 'dev.postern.alpha')).filter(([name]) => name === 'accountsChanged')
  assert.equal(changes, [['accountsChanged', [ADDRESSES[0], ADDRESSES[1]]]])
  const perms = ok(await rpc(page, 'dev.postern.alpha', 'wallet_getPermissions')) as { parentCapability: string }[]
  assert.is(perms[0]?.parentCapability, 'eth_accounts')
})

test('reject answers 4001 and leaves the site unauthorised; approve then works', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['reject'])
  assert.is(fails(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'), 4001), 'User rejected the request.')
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['approve'])
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts')), [ADDRESSES[0]])
  const log = await requests(page, 'dev.postern.alpha')
  assert.equal(log[0], {
    method: 'eth_requestAccounts',
    params: undefined,
    outcome: 'rejected',
    prompt: 'reject',
    error: { code: 4001, message: 'User rejected the request.' },
  })
  assert.equal(log.map((e) => [e.method, e.outcome, e.prompt]), [
    ['eth_requestAccounts', 'rejected', 'reject'],
    ['eth_accounts', 'ok', null],
    ['eth_requestAccounts', 'ok', 'approve'],
  ])
})

test('hang leaves the request pending, and the log shows it', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['hang', ['eth_requestAccounts']])
  const settled = await page.evaluate(async () => {
    const provider = (window as unknown as TestWindow).PosternTestWallet.get('dev.postern.alpha').provider
    const request = provider.request({ method: 'eth_requestAccounts' }).then(
      () => 'resolved',
      () => 'rejected',
    )
    return Promise.race([request, new Promise((r) => setTimeout(() => r('still pending'), 300))])
  })
  assert.is(settled, 'still pending')
  // Other methods still answer while the prompt hangs.
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0x1')
  const log = await requests(page, 'dev.postern.alpha')
  assert.equal(log[0], { method: 'eth_requestAccounts', params: undefined, outcome: 'pending', prompt: 'hang' })
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
})

test('personal_sign and eth_signTypedData_v4: 4100 before connecting, then signatures viem verifies', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  const address = ADDRESSES[0]!
  fails(await rpc(page, 'dev.postern.alpha', 'personal_sign', ['0x68656c6c6f', address]), 4100)
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  fails(await rpc(page, 'dev.postern.alpha', 'personal_sign', ['0x68656c6c6f', ADDRESSES[3]]), 4100)
  fails(await rpc(page, 'dev.postern.alpha', 'personal_sign', ['0x68656c6c6f', 'nope']), -32602)

  const message = 'Sign in to Postern ✓'
  const signature = ok(await rpc(page, 'dev.postern.alpha', 'personal_sign', [message, address])) as `0x${string}`
  assert.ok(await verifyMessage({ address, message, signature }))
  const hexSignature = ok(await rpc(page, 'dev.postern.alpha', 'personal_sign', ['0x68656c6c6f', address])) as `0x${string}`
  assert.ok(await verifyMessage({ address, message: 'hello', signature: hexSignature }))

  const typed = {
    domain: { name: 'Postern', version: '1', chainId: 1 },
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail' as const,
    message: { contents: 'hi' },
  }
  const eip712 = {
    ...typed,
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      ...typed.types,
    },
  }
  const typedSignature = ok(
    await rpc(page, 'dev.postern.alpha', 'eth_signTypedData_v4', [address, JSON.stringify(eip712)]),
  ) as `0x${string}`
  assert.ok(await verifyTypedData({ address, ...typed, signature: typedSignature }))

  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['reject', ['personal_sign']])
  fails(await rpc(page, 'dev.postern.alpha', 'personal_sign', [message, address]), 4001)
})

test('eth_sendTransaction moves value on anvil; only from authorised accounts', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  const to = ADDRESSES[5]!
  const before = await balanceOf(chain1, to)
  const tx = { from: ADDRESSES[0], to, value: '0xde0b6b3a7640000' }
  fails(await rpc(page, 'dev.postern.alpha', 'eth_sendTransaction', [{ ...tx, from: ADDRESSES[4] }]), 4100)
  const hash = ok(await rpc(page, 'dev.postern.alpha', 'eth_sendTransaction', [tx])) as string
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  // Anvil mines at once, but on a loaded machine the receipt can trail the hash by a moment.
  let receipt: { status: string } | null = null
  for (let i = 0; i < 50 && !receipt; i++) {
    receipt = ok(await rpc(page, 'dev.postern.alpha', 'eth_getTransactionReceipt', [hash])) as { status: string } | null
    if (!receipt) await new Promise((r) => setTimeout(r, 100))
  }
  assert.is(receipt?.status, '0x1')
  assert.is(await balanceOf(chain1, to), before + ETH)
})

test('switching 1 → 137 emits chainChanged and reads go to chain 137', async ({ page }) => {
  const address = ADDRESSES[0]!
  await nodeRpc(chain137.rpcUrl, 'anvil_setBalance', [address, '0x' + (1234n * ETH + 5n).toString(16)])
  await page.goto(pageUrl)
  await install(page, walletOptions())
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0x1' }])), null)
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0x89' }])), null)
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0x89')
  const balance = ok(await rpc(page, 'dev.postern.alpha', 'eth_getBalance', [address, 'latest'])) as string
  assert.is(BigInt(balance), 1234n * ETH + 5n)
  const chainEvents = (await events(page, 'dev.postern.alpha')).filter(([name]) => name === 'chainChanged')
  assert.equal(chainEvents, [['chainChanged', '0x89']])
  const log = await requests(page, 'dev.postern.alpha')
  // Switching to the current chain answers without a prompt.
  assert.equal(log.filter((e) => e.method === 'wallet_switchEthereumChain').map((e) => e.prompt), [null, 'approve'])
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '137' }]), -32602)
})

test('an unknown chain answers 4902; wallet_addEthereumChain validates, adds and switches', async ({ page }) => {
  const address = ADDRESSES[0]!
  await nodeRpc(chain10.rpcUrl, 'anvil_setBalance', [address, '0x' + (10n * ETH + 10n).toString(16)])
  await page.goto(pageUrl)
  await install(page, walletOptions())
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  assert.match(fails(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0xa' }]), 4902), /^Unrecognized chain ID "0xa"/)

  const good = {
    chainId: '0xa',
    chainName: 'OP Mainnet (local)',
    rpcUrls: [chain10.rpcUrl],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    blockExplorerUrls: ['https://optimistic.etherscan.io'],
  }
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [{ ...good, chainId: '10' }]), -32602)
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [{ ...good, rpcUrls: [] }]), -32602)
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [{ ...good, chainName: undefined }]), -32602)
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [{ ...good, nativeCurrency: { name: 'Ether' } }]), -32602)
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', []), -32602)

  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['reject', ['wallet_addEthereumChain']])
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [good]), 4001)
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0x1')

  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['approve'])
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [good])), null)
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0xa')
  const balance = ok(await rpc(page, 'dev.postern.alpha', 'eth_getBalance', [address, 'latest'])) as string
  assert.is(BigInt(balance), 10n * ETH + 10n)
  const chainEvents = (await events(page, 'dev.postern.alpha')).filter(([name]) => name === 'chainChanged')
  assert.equal(chainEvents, [['chainChanged', '0xa']])
})

test('after a reload the site is still authorised, on the same chain, without a prompt', async ({ context, page }) => {
  const options = walletOptions()
  // Installed by an init script on every load, as an extension is; the page's own <script> is then a no-op.
  await context.addInitScript({ content: injectedWalletInstallScript(options) })
  await page.goto(pageUrl)
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0x89' }]))
  ok(
    await rpc(page, 'dev.postern.alpha', 'wallet_addEthereumChain', [
      { chainId: '0xa', chainName: 'Local 10', rpcUrls: [chain10.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ]),
  )
  ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0x89' }]))

  await page.reload()
  // The page saw the wallet through its own requestProvider, after the init script installed it.
  assert.is(await page.evaluate(() => (window as unknown as TestWindow).__announces.length), 1)
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [ADDRESSES[0]])
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'eth_chainId')), '0x89')
  // The added chain is remembered too.
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0xa' }])), null)
  const log = await requests(page, 'dev.postern.alpha')
  assert.equal(log.map((e) => [e.method, e.prompt]), [
    ['eth_accounts', null],
    ['eth_chainId', null],
    ['wallet_switchEthereumChain', 'approve'],
  ])
})

test('wallet_revokePermissions empties the accounts and emits accountsChanged([])', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  const granted = ok(await rpc(page, 'dev.postern.alpha', 'wallet_requestPermissions', [{ eth_accounts: {} }]))
  assert.equal(granted, [
    {
      parentCapability: 'eth_accounts',
      invoker: new URL(pageUrl).origin,
      caveats: [{ type: 'restrictReturnedAccounts', value: [ADDRESSES[0]] }],
    },
  ])
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_revokePermissions', []), -32602)
  assert.is(ok(await rpc(page, 'dev.postern.alpha', 'wallet_revokePermissions', [{ eth_accounts: {} }])), null)
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'wallet_getPermissions')), [])
  const changes = (await events(page, 'dev.postern.alpha')).filter(([name]) => name === 'accountsChanged')
  assert.equal(changes, [
    ['accountsChanged', [ADDRESSES[0]]],
    ['accountsChanged', []],
  ])
  await page.reload()
  await install(page, walletOptions())
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
})

test('RPC errors keep their code and message; malformed requests and unknown wallet_ methods fail clearly', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions())
  assert.is(fails(await rpc(page, 'dev.postern.alpha', 'foo_bar', []), -32601), 'Method not found')
  fails(await rpc(page, 'dev.postern.alpha', 'wallet_getCapabilities', []), 4200)
  const malformed = await page.evaluate(async () => {
    const provider = (window as unknown as TestWindow).PosternTestWallet.get('dev.postern.alpha').provider
    const codes: number[] = []
    for (const args of [undefined, {}, { method: '' }, { method: 'eth_chainId', params: 'x' }])
      await provider.request(args as never).catch((e: { code: number }) => codes.push(e.code))
    return codes
  })
  assert.equal(malformed, [-32600, -32600, -32600, -32600])
  const blockNumber = ok(await rpc(page, 'dev.postern.alpha', 'eth_blockNumber', []))
  assert.match(String(blockNumber), /^0x[0-9a-f]+$/)
})

test('handle: setAccounts, emit, disconnect (4900), legacy window.ethereum and reset', async ({ page }) => {
  await page.goto(pageUrl)
  await install(page, walletOptions({ legacy: true }))
  assert.ok(await page.evaluate(() => (window as unknown as { ethereum?: { isPosternTestWallet?: boolean } }).ethereum?.isPosternTestWallet))
  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  await handleCall(page, 'dev.postern.alpha', 'setAccounts', [[ADDRESSES[1]]])
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [ADDRESSES[1]])
  await handleCall(page, 'dev.postern.alpha', 'emit', ['chainChanged', '0x2a'])
  // once() fires once, and removeListener(original) also removes a once() listener.
  const onceCalls = await page.evaluate(() => {
    const { provider, emit } = (window as unknown as TestWindow).PosternTestWallet.get('dev.postern.alpha')
    const calls: unknown[] = []
    // Listeners as array items: tsx would wrap named function consts in a __name() the page lacks.
    const listeners = [(p: unknown) => calls.push(['first', p]), (p: unknown) => calls.push(['second', p])]
    provider.once('message', listeners[0]!).once('message', listeners[1]!).removeListener('message', listeners[1]!)
    emit('message', 1)
    emit('message', 2)
    return calls
  })
  assert.equal(onceCalls, [['first', 1]])
  await handleCall(page, 'dev.postern.alpha', 'disconnect')
  assert.equal(ok(await rpc(page, 'dev.postern.alpha', 'eth_accounts')), [])
  const seen = (await events(page, 'dev.postern.alpha')).filter(([name]) => name !== 'connect')
  assert.equal(seen, [
    ['accountsChanged', [ADDRESSES[0]]],
    ['accountsChanged', [ADDRESSES[1]]],
    ['chainChanged', '0x2a'],
    ['disconnect', { code: 4900, message: 'The provider is disconnected from all chains.' }],
  ])

  ok(await rpc(page, 'dev.postern.alpha', 'eth_requestAccounts'))
  ok(await rpc(page, 'dev.postern.alpha', 'wallet_switchEthereumChain', [{ chainId: '0x89' }]))
  await handleCall(page, 'dev.postern.alpha', 'setPolicy', ['reject'])
  await handleCall(page, 'dev.postern.alpha', 'reset')
  const state = await page.evaluate(() => (window as unknown as TestWindow).PosternTestWallet.get('dev.postern.alpha').state)
  assert.equal(state, {
    authorized: false,
    accounts: [ADDRESSES[0]],
    chainId: 1,
    chains: { '1': chain1.rpcUrl, '137': chain137.rpcUrl },
    policy: { default: 'approve' },
  })
  assert.equal(await requests(page, 'dev.postern.alpha'), [])
})

test.run()
