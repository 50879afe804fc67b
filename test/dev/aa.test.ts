import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, http, parseEther, testActions } from 'viem'
import { verifyMessage } from 'viem/actions'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, entryPoint07Abi, entryPoint07Address, getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { startChains, toViemChain, type LocalChains } from '../../dev/chains/index.ts'
import { accountFactoryAddress, startAccountAbstraction, type AccountAbstraction } from '../../dev/aa/index.ts'
import { toPosternSmartAccount } from '../../secure/smart-account.ts'
import { verifyEvm } from '../../server/auth/verify.ts'
import { stealFreedPorts } from './port-thief.ts'
import { EvmChain } from '../../server/chain/evm.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; aa?: AccountAbstraction; stolen?: number[] }>('dev/aa')
// A state folder, as npm start's .dev-state: the last test restarts from it.
const stateDir = mkdtempSync(join(tmpdir(), 'postern-aa-'))

const watchdog = setTimeout(() => {
  console.error('aa.test.ts: timed out')
  process.exit(1)
}, watchdogMs(170_000))

test.before(async (ctx) => {
  ctx.chains = await startChains({ chainIds: [1], stateDir })
  // The bundler starts while any port this process frees is taken at once by another listener.
  const thief = stealFreedPorts(3)
  try {
    ctx.aa = await startAccountAbstraction(ctx.chains.chains)
  } finally {
    ctx.stolen = thief.stolen
    await thief.restore()
  }
})

test.after(async (ctx) => {
  await ctx.aa?.stop()
  await ctx.chains?.stop()
  rmSync(stateDir, { recursive: true, force: true })
  clearTimeout(watchdog)
})

test('protection: the bundler binds a port the OS gives it, not one freed for it that another process can take first', async ({ aa }) => {
  assert.ok(aa, 'the bundler did not start')
  const url = aa!.bundlerUrls['eip155:1']!
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
  assert.equal(((await res.json()) as { result?: string[] }).result, [entryPoint07Address])
})

test('the canonical v0.7 EntryPoint, the factory and a bundler that serves it', async ({ chains, aa }) => {
  const chain = chains!.chains[0]!
  assert.is(aa!.entryPoint, entryPoint07Address)
  assert.is(aa!.factory, accountFactoryAddress())
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  assert.ok(((await client.getCode({ address: aa!.entryPoint })) ?? '0x').length > 2)
  assert.ok(((await client.getCode({ address: aa!.factory })) ?? '0x').length > 2)
  const bundler = createBundlerClient({ transport: http(aa!.bundlerUrls['eip155:1']) })
  assert.equal(await bundler.getSupportedEntryPoints(), [entryPoint07Address])
  // Deploying again finds both and changes nothing.
  const again = await startAccountAbstraction([])
  assert.equal(again.bundlerUrls, {})
})

test('a user operation deploys the account with its first call and a second one lands; 1271 and 6492 signatures verify', async ({ chains, aa }) => {
  const chain = chains!.chains[0]!
  const viemChain = toViemChain(chain)
  const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toPosternSmartAccount({ client, owner, factory: aa!.factory, chainId: chain.chainId })
  const address = await account.getAddress()
  assert.is.not(address.toLowerCase(), owner.address.toLowerCase())
  assert.not.ok(await account.isDeployed())

  // Before deployment: an EIP-6492 signature verifies; the owner's plain signature does not pass for the account.
  const before = await account.signMessage({ message: 'hello before' })
  assert.ok(await verifyMessage(client, { address, message: 'hello before', signature: before }))
  const plain = await owner.signMessage({ message: 'hello before' })
  assert.not.ok(await verifyMessage(client, { address, message: 'hello before', signature: plain }))
  // The reference SIWX service verifies on the chain's public client: ERC-6492 before deployment.
  const siwx = new EvmChain({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })
  assert.equal(await verifyEvm(siwx, address, 'hello before', before), { ok: true, type: 'eip1271' })
  assert.equal(await verifyEvm(siwx, address, 'hello before', plain), { ok: false })

  await client.setBalance({ address, value: parseEther('1') })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const bundler = createBundlerClient({ account, client, transport: http(aa!.bundlerUrls['eip155:1']) })
  const hash = await bundler.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }] })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 60_000 })
  assert.ok(receipt.success)
  assert.ok(await account.isDeployed())
  assert.is(await client.getBalance({ address: receiver }), parseEther('0.01'))

  // A batch of two in one user operation.
  const second = await bundler.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.02') }, { to: receiver, value: parseEther('0.03') }] })
  assert.ok((await bundler.waitForUserOperationReceipt({ hash: second, pollingInterval: 100, timeout: 60_000 })).success)
  assert.is(await client.getBalance({ address: receiver }), parseEther('0.06'))

  // After deployment: ERC-1271 through the account itself.
  const after = await account.signMessage({ message: 'hello after' })
  assert.ok(await verifyMessage(client, { address, message: 'hello after', signature: after }))
  assert.not.ok(await verifyMessage(client, { address, message: 'hello other', signature: after }))
  assert.equal(await verifyEvm(new EvmChain({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }), address, 'hello after', after), { ok: true, type: 'eip1271' })
})

test('the account refuses an EIP-191 signature of the bare userOp hash (a personal_sign of 32 bytes), in the bundler and on chain', async ({ chains, aa }) => {
  const chain = chains!.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toPosternSmartAccount({ client, owner, factory: aa!.factory, chainId: chain.chainId })
  const address = await account.getAddress()
  await client.setBalance({ address, value: parseEther('1') })
  const bundler = createBundlerClient({ account, client, transport: http(aa!.bundlerUrls['eip155:1']) })
  const thief = privateKeyToAccount(generatePrivateKey()).address
  const op = await bundler.prepareUserOperation({ calls: [{ to: thief, value: parseEther('0.5') }], callGasLimit: 100_000n, verificationGasLimit: 600_000n, preVerificationGas: 60_000n }) as UserOperation<'0.7'>
  const userOpHash = getUserOperationHash({ chainId: chain.chainId, entryPointAddress: entryPoint07Address, entryPointVersion: '0.7', userOperation: op })
  // What a site gets from the owner's key by asking personal_sign of the hash's 32 bytes.
  const oldStyle = { ...op, signature: await owner.signMessage({ message: { raw: userOpHash } }) }

  const viaBundler = await bundler.sendUserOperation({ ...oldStyle }).then(() => '', (e: Error) => e.message)
  assert.match(viaBundler, /AA24|signature/i)
  // On chain: handleOps reverts with the EntryPoint's signature error, and a mined attempt moves nothing.
  const beneficiary = privateKeyToAccount(generatePrivateKey()).address
  const call = { address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(oldStyle)], beneficiary] } as const
  const reverted = await client.simulateContract({ ...call, account: beneficiary }).then(() => '', (e: Error) => e.message)
  assert.match(reverted, /AA24 signature error/)
  await client.setBalance({ address: beneficiary, value: parseEther('1') })
  await client.impersonateAccount({ address: beneficiary })
  const wallet = createWalletClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const tx = await wallet.writeContract({ ...call, account: beneficiary, gas: 2_000_000n })
  assert.is((await client.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })).status, 'reverted')
  assert.is(await client.getBalance({ address: thief }), 0n)
  assert.not.ok(await account.isDeployed())

  // The same operation signed the account's way (EIP-712, its domain) lands.
  const signed = { ...op, signature: await account.signUserOperation(op) }
  const tx2 = await wallet.writeContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(signed)], beneficiary], account: beneficiary, gas: 2_000_000n })
  assert.is((await client.waitForTransactionReceipt({ hash: tx2, pollingInterval: 50 })).status, 'success')
  assert.is(await client.getBalance({ address: thief }), parseEther('0.5'))
})

test('after a restart from the state folder: same contracts, not deployed again, and the account still sends', async (ctx) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const first = ctx.chains!.chains[0]!
  const account0 = await toPosternSmartAccount({ client: createPublicClient({ transport: http(first.rpcUrl) }), owner, factory: ctx.aa!.factory, chainId: 1 })
  const address = await account0.getAddress()
  await ctx.aa!.stop()
  await ctx.chains!.stop()
  ctx.aa = undefined
  ctx.chains = await startChains({ chainIds: [1], stateDir })
  const chain = ctx.chains.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const blockBefore = await client.getBlockNumber()
  ctx.aa = await startAccountAbstraction(ctx.chains.chains)
  assert.is(ctx.aa.factory, accountFactoryAddress())
  // Nothing to deploy: the utility key sent no transaction (anvil mines one block per transaction).
  assert.is(await client.getBlockNumber(), blockBefore)
  const account = await toPosternSmartAccount({ client, owner, factory: ctx.aa.factory, chainId: 1 })
  assert.is(await account.getAddress(), address)
  await client.setBalance({ address, value: parseEther('1') })
  const bundler = createBundlerClient({ account, client, transport: http(ctx.aa.bundlerUrls['eip155:1']) })
  const hash = await bundler.sendUserOperation({ calls: [{ to: owner.address, value: parseEther('0.5') }] })
  assert.ok((await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 60_000 })).success)
  assert.is(await client.getBalance({ address: owner.address }), parseEther('0.5'))
})

test.run()
