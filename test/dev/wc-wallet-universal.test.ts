// The WalletConnect test wallet paired with @walletconnect/universal-provider (what the product uses)
// through the local relay, with the dApp's reads going to the local chains through rpcMap.
import { randomBytes } from 'node:crypto'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, parseEther, verifyMessage, type PublicClient } from 'viem'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'
import { startRelay, type Relay } from '../../dev/relay/index.ts'
import { createWalletConnectWallet, stopSignClient, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const PROJECT_ID = 'postern-test-project'
type Provider = InstanceType<typeof UniversalProvider>

const STORAGE_PREFIX = `postern-test-universal-${randomBytes(4).toString('hex')}`

function within<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function nextProviderEvent<T = unknown>(provider: Provider, name: string, ms = 5000): Promise<T> {
  return within(new Promise<T>((resolve) => provider.once(name, resolve)), ms, `provider event ${name}`)
}

interface Ctx {
  relay: Relay
  chains: AnvilNode[]
  publics: Record<number, PublicClient>
  wallet: WcWallet
  provider: Provider
}

const test = suite<Ctx>('walletconnect wallet with a universal-provider dApp', { chains: [] } as unknown as Ctx)

test.before(async (ctx) => {
  ctx.relay = await startRelay()
  ctx.chains = await Promise.all([startAnvil(1), startAnvil(137)])
  ctx.publics = Object.fromEntries(ctx.chains.map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl) })]))
  ctx.wallet = await createWalletConnectWallet({
    relayUrl: ctx.relay.url,
    projectId: PROJECT_ID,
    rpcUrls: Object.fromEntries(ctx.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
  ctx.provider = await UniversalProvider.init({
    projectId: PROJECT_ID,
    relayUrl: ctx.relay.url,
    metadata: { name: 'Postern universal dApp', description: 'universal-provider dApp', url: 'http://127.0.0.1:1', icons: [] },
    customStoragePrefix: STORAGE_PREFIX,
    telemetryEnabled: false,
    logger: 'fatal',
  })
})

test.after(async (ctx) => {
  if (ctx.provider) await stopSignClient(ctx.provider.client, STORAGE_PREFIX).catch(() => undefined)
  await ctx.wallet?.stop()
  await ctx.relay?.stop()
  await Promise.allSettled((ctx.chains ?? []).map((c) => c.stop()))
})

test('connect() with optionalNamespaces and rpcMap pairs with the wallet through the relay', async (ctx) => {
  ctx.provider.on('display_uri', (uri: string) => {
    ctx.wallet.pair(uri).catch((error: unknown) => console.error('pair failed', error))
  })
  const session = await within(
    ctx.provider.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:137'],
          methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain'],
          events: ['accountsChanged', 'chainChanged'],
          rpcMap: Object.fromEntries(ctx.chains.map((c) => [String(c.chainId), c.rpcUrl])),
        },
      },
    }),
    10_000,
    'provider.connect',
  )
  assert.ok(session, 'no session')
  assert.equal(session.namespaces.eip155?.accounts, [`eip155:1:${ctx.wallet.address}`, `eip155:137:${ctx.wallet.address}`])
  assert.equal(await ctx.provider.request({ method: 'eth_accounts' }), [ctx.wallet.address])
  assert.is(await ctx.provider.request({ method: 'eth_chainId' }), 1)
  assert.equal(ctx.wallet.sessions(), [session.topic])
})

test('reads go to the local chain from rpcMap; personal_sign goes to the wallet', async (ctx) => {
  await ctx.publics[1]!.request({ method: 'evm_mine' as never })
  const blockNumber = await ctx.provider.request<string>({ method: 'eth_blockNumber' })
  assert.is(BigInt(blockNumber), await ctx.publics[1]!.getBlockNumber())

  const signature = await within(
    ctx.provider.request<`0x${string}`>({ method: 'personal_sign', params: ['0x68656c6c6f', ctx.wallet.address] }),
    5000,
    'personal_sign',
  )
  assert.ok(await verifyMessage({ address: ctx.wallet.address, message: 'hello', signature }))
})

test('eth_sendTransaction through the provider changes balances on the local chain', async (ctx) => {
  const to = `0x${randomBytes(20).toString('hex')}` as `0x${string}`
  const hash = await within(
    ctx.provider.request<`0x${string}`>({
      method: 'eth_sendTransaction',
      params: [{ from: ctx.wallet.address, to, value: '0x6f05b59d3b20000' }],
    }),
    10_000,
    'eth_sendTransaction',
  )
  const receipt = await ctx.publics[1]!.waitForTransactionReceipt({ hash, timeout: 5000 })
  assert.is(receipt.status, 'success')
  assert.is(await ctx.publics[1]!.getBalance({ address: to }), parseEther('0.5'))
})

test('wallet_switchEthereumChain to an approved chain moves the provider and its reads to chain 137', async (ctx) => {
  const asked = ctx.wallet.requests.length
  const changed = nextProviderEvent(ctx.provider, 'chainChanged')
  await within(
    ctx.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    5000,
    'wallet_switchEthereumChain',
  )
  await changed
  assert.is(await ctx.provider.request({ method: 'eth_chainId' }), 137)
  // the provider switches locally between chains the session already covers
  assert.is(ctx.wallet.requests.length, asked)

  const fresh = `0x${randomBytes(20).toString('hex')}` as `0x${string}`
  await ctx.publics[137]!.request({ method: 'anvil_setBalance' as never, params: [fresh, '0x2a'] as never })
  assert.is(BigInt(await ctx.provider.request<string>({ method: 'eth_getBalance', params: [fresh, 'latest'] })), 42n)
})

test('the wallet deleting the session disconnects the provider', async (ctx) => {
  const topic = ctx.provider.session?.topic
  assert.ok(topic)
  const deleted = nextProviderEvent<{ topic: string }>(ctx.provider, 'session_delete')
  await within(ctx.wallet.deleteSession(topic), 5000, 'deleteSession')
  assert.is((await deleted).topic, topic)
  assert.is(ctx.provider.session, undefined)
})

test.run()
