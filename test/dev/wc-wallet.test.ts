// The WalletConnect test wallet paired with a real @walletconnect/sign-client dApp through the local relay,
// sending to real anvil nodes.
import { randomBytes } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type PublicClient } from 'viem'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'
import { startRelay, type Relay } from '../../dev/relay/index.ts'
import { createWalletConnectWallet, stopSignClient, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const PROJECT_ID = 'postern-test-project'
// account 12 of the demo mnemonic: anvil neither funds nor unlocks it, so only the wallet can sign for it
const WALLET_ACCOUNT_INDEX = 12
const DAPP_METADATA = { name: 'Postern test dApp', description: 'sign-client dApp', url: 'http://127.0.0.1:1', icons: [] }
const METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain']
const EVENTS = ['accountsChanged', 'chainChanged']

type Dapp = InstanceType<typeof SignClient>

function within<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function nextEvent<E extends SignClientTypes.Event>(dapp: Dapp, name: E, ms = 5000): Promise<SignClientTypes.EventArguments[E]> {
  return within(new Promise((resolve) => dapp.once(name, resolve)), ms, `dApp event ${name}`)
}

async function rejection(promise: Promise<unknown>, ms = 5000): Promise<{ code?: number; message?: string }> {
  try {
    await within(promise, ms, 'expected rejection')
  } catch (error) {
    return error as { code?: number; message?: string }
  }
  throw new Error('the promise resolved')
}

interface Ctx {
  relay: Relay
  chains: AnvilNode[]
  publics: Record<number, PublicClient>
  wallet: WcWallet
  dapps: { client: Dapp; prefix: string }[]
  dapp: Dapp
  session: SessionTypes.Struct
}

const test = suite<Ctx>('walletconnect wallet with a sign-client dApp', { dapps: [], chains: [] } as unknown as Ctx)

async function createDapp(ctx: Ctx): Promise<Dapp> {
  const prefix = `postern-test-dapp-${randomBytes(4).toString('hex')}`
  const client = await SignClient.init({
    projectId: PROJECT_ID,
    relayUrl: ctx.relay.url,
    metadata: DAPP_METADATA,
    customStoragePrefix: prefix,
    telemetryEnabled: false,
    // the expected rejections below would each print an SDK error line
    logger: 'fatal',
  })
  ctx.dapps.push({ client, prefix })
  return client
}

test.before(async (ctx) => {
  ctx.relay = await startRelay()
  ctx.chains = await Promise.all([startAnvil(1), startAnvil(137)])
  ctx.publics = Object.fromEntries(ctx.chains.map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl) })]))
  ctx.wallet = await createWalletConnectWallet({
    relayUrl: ctx.relay.url,
    projectId: PROJECT_ID,
    rpcUrls: Object.fromEntries(ctx.chains.map((c) => [c.chainId, c.rpcUrl])),
    accountIndex: WALLET_ACCOUNT_INDEX,
    storagePrefix: 'postern-test-wallet',
  })
  for (const chain of ctx.chains) {
    await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [ctx.wallet.address, '0x56bc75e2d63100000'] }),
    })
  }
})

test.after(async (ctx) => {
  await Promise.allSettled(ctx.dapps.map(({ client, prefix }) => stopSignClient(client, prefix)))
  await ctx.wallet?.stop()
  await ctx.relay?.stop()
  await Promise.allSettled((ctx.chains ?? []).map((c) => c.stop()))
})

test('the wallet pairs with the dApp\'s wc: URI through the relay and approves the session', async (ctx) => {
  ctx.dapp = await createDapp(ctx)
  const { uri, approval } = await within(
    ctx.dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:1', 'eip155:137', 'eip155:10'], methods: METHODS, events: EVENTS } } }),
    5000,
    'connect',
  )
  if (!uri?.startsWith('wc:')) throw new Error(`not a wc: uri: ${uri}`)
  await within(ctx.wallet.pair(uri), 5000, 'pair')
  const proposal = await ctx.wallet.waitForProposal(5000)
  assert.is(proposal.params.proposer.metadata.name, DAPP_METADATA.name)

  ctx.session = await within(approval(), 5000, 'approval')
  const eip155 = ctx.session.namespaces.eip155
  // chain 10 has no RPC in the wallet, so it is left out
  assert.equal(eip155?.chains, ['eip155:1', 'eip155:137'])
  assert.equal(eip155?.accounts, [`eip155:1:${ctx.wallet.address}`, `eip155:137:${ctx.wallet.address}`])
  assert.ok(eip155?.methods.includes('eth_signTypedData_v4'))
  assert.equal(ctx.wallet.sessions(), [ctx.session.topic])
  assert.ok(ctx.relay.stats().connections >= 2)
})

test('personal_sign and eth_signTypedData_v4 come back with signatures that verify', async (ctx) => {
  const message = 'Sign in to Postern'
  const signature = await within(
    ctx.dapp.request<`0x${string}`>({
      topic: ctx.session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, ctx.wallet.address] },
    }),
    5000,
    'personal_sign',
  )
  assert.ok(await verifyMessage({ address: ctx.wallet.address, message, signature }), 'personal_sign does not verify')

  const typedData = {
    domain: { name: 'Postern', version: '1', chainId: 1 },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [
        { name: 'to', type: 'address' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'hello' },
  } as const
  const typedSignature = await within(
    ctx.dapp.request<`0x${string}`>({
      topic: ctx.session.topic,
      chainId: 'eip155:1',
      request: { method: 'eth_signTypedData_v4', params: [ctx.wallet.address, JSON.stringify(typedData)] },
    }),
    5000,
    'eth_signTypedData_v4',
  )
  const { EIP712Domain: _, ...types } = typedData.types
  assert.ok(
    await verifyTypedData({ address: ctx.wallet.address, ...typedData, types, signature: typedSignature }),
    'typed data signature does not verify',
  )
  assert.equal(
    ctx.wallet.requests.slice(-2).map((r) => r.method),
    ['personal_sign', 'eth_signTypedData_v4'],
  )
})

test('eth_sendTransaction is signed by the wallet and moves value on the local chain', async (ctx) => {
  const to = `0x${randomBytes(20).toString('hex')}` as `0x${string}`
  const chain1 = ctx.publics[1]!
  const before = await chain1.getBalance({ address: ctx.wallet.address })
  const hash = await within(
    ctx.dapp.request<`0x${string}`>({
      topic: ctx.session.topic,
      chainId: 'eip155:1',
      request: { method: 'eth_sendTransaction', params: [{ from: ctx.wallet.address, to, value: '0xde0b6b3a7640000' }] },
    }),
    10_000,
    'eth_sendTransaction',
  )
  const receipt = await chain1.waitForTransactionReceipt({ hash, timeout: 5000 })
  assert.is(receipt.status, 'success')
  assert.is(receipt.from.toLowerCase(), ctx.wallet.address.toLowerCase())
  assert.is(await chain1.getBalance({ address: to }), parseEther('1'))
  const after = await chain1.getBalance({ address: ctx.wallet.address })
  assert.is(before - after, parseEther('1') + receipt.gasUsed * receipt.effectiveGasPrice)
  assert.is(await ctx.publics[137]!.getBalance({ address: to }), 0n, 'value landed on the wrong chain')
})

test('wallet_switchEthereumChain switches and emits chainChanged; transactions then go to that chain', async (ctx) => {
  const event = nextEvent(ctx.dapp, 'session_event')
  const result = await within(
    ctx.dapp.request({
      topic: ctx.session.topic,
      chainId: 'eip155:1',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] },
    }),
    5000,
    'wallet_switchEthereumChain',
  )
  assert.is(result, null)
  const { params } = await event
  assert.is(params.event.name, 'chainChanged')
  assert.is(params.chainId, 'eip155:137')

  const unknown = await rejection(
    ctx.dapp.request({
      topic: ctx.session.topic,
      chainId: 'eip155:137',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2a' }] },
    }),
  )
  assert.is(unknown.code, 4902)

  const to = `0x${randomBytes(20).toString('hex')}` as `0x${string}`
  const hash = await within(
    ctx.dapp.request<`0x${string}`>({
      topic: ctx.session.topic,
      chainId: 'eip155:137',
      request: { method: 'eth_sendTransaction', params: [{ from: ctx.wallet.address, to, value: '0x1' }] },
    }),
    10_000,
    'eth_sendTransaction on 137',
  )
  await ctx.publics[137]!.waitForTransactionReceipt({ hash, timeout: 5000 })
  assert.is(await ctx.publics[137]!.getBalance({ address: to }), 1n)
})

test('the wallet emits accountsChanged to the dApp', async (ctx) => {
  const event = nextEvent(ctx.dapp, 'session_event')
  await ctx.wallet.emit(ctx.session.topic, 'accountsChanged', [ctx.wallet.address])
  const { topic, params } = await event
  assert.is(topic, ctx.session.topic)
  assert.is(params.event.name, 'accountsChanged')
  assert.equal(params.event.data, [ctx.wallet.address])
})

test('policy reject answers 4001; policy hang never answers; deleteSession ends the session on the dApp', async (ctx) => {
  ctx.wallet.setPolicy('reject')
  const rejected = await rejection(
    ctx.dapp.request({
      topic: ctx.session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x01', ctx.wallet.address] },
    }),
  )
  assert.equal({ code: rejected.code, message: rejected.message }, { code: 4001, message: 'User rejected.' })

  ctx.wallet.setPolicy('hang')
  const logged = ctx.wallet.requests.length
  const hanging = ctx.dapp.request({
    topic: ctx.session.topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: ['0x02', ctx.wallet.address] },
  })
  const settled = await Promise.race([
    hanging.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 500)),
  ])
  assert.is(settled, 'pending')
  assert.is(ctx.wallet.requests.length, logged + 1, 'the hanging request was not logged')
  assert.equal(ctx.wallet.requests.at(-1)?.params, ['0x02', ctx.wallet.address])
  ctx.wallet.setPolicy('approve')

  // deleting the session on the wallet reaches the dApp and fails what is still pending there
  const deleted = nextEvent(ctx.dapp, 'session_delete')
  await within(ctx.wallet.deleteSession(ctx.session.topic), 5000, 'deleteSession')
  assert.is((await deleted).topic, ctx.session.topic)
  const pending = await rejection(hanging)
  assert.is(pending.code, 6000)
  assert.equal(ctx.wallet.sessions(), [])
  assert.is(ctx.dapp.session.getAll().length, 0)
})

test('policy reject turns the proposal down: the dApp\'s approval() rejects with the user-rejected code', async (ctx) => {
  ctx.wallet.setPolicy('reject')
  // a waiter that times out does not swallow the next proposal
  const early = await rejection(ctx.wallet.waitForProposal(50))
  assert.match(early.message ?? '', /no session proposal/)
  const dapp = await createDapp(ctx)
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: METHODS, events: EVENTS } } })
  const outcome = rejection(approval())
  await within(ctx.wallet.pair(uri!), 5000, 'pair')
  const error = await outcome
  assert.equal({ code: error.code, message: error.message }, { code: 5000, message: 'User rejected.' })
  const proposal = await ctx.wallet.waitForProposal(1000)
  assert.ok(uri?.includes(proposal.params.pairingTopic), 'waitForProposal returned another proposal')
  assert.equal(ctx.wallet.sessions(), [])
  ctx.wallet.setPolicy('approve')
})

test.run()
