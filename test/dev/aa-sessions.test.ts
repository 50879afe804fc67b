// Smart sessions on the local chain: the owner grants a session key a scope (targets, allowance,
// expiry) in a user operation; the key's user operations land within it, and outside it (another
// target, over the allowance, after revocation) the account refuses them, in the bundler and on chain.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, encodeFunctionData, http, parseEther, testActions, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, entryPoint07Abi, entryPoint07Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { startChains, toViemChain, type LocalChains } from '../../dev/chains/index.ts'
import { startAccountAbstraction, type AccountAbstraction } from '../../dev/aa/index.ts'
import { sessionAbi, toPosternSmartAccount, toSessionSmartAccount } from '../../secure/smart-account.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; aa?: AccountAbstraction }>('dev/aa sessions')
const watchdog = setTimeout(() => {
  console.error('aa-sessions.test.ts: timed out')
  process.exit(1)
}, watchdogMs(170_000))

test.before(async (ctx) => {
  ctx.chains = await startChains({ chainIds: [1] })
  ctx.aa = await startAccountAbstraction(ctx.chains.chains)
})
test.after(async (ctx) => {
  await ctx.aa?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

test('a granted session sends within its scope; another target, too much value or a revoked key is refused', async ({ chains, aa }) => {
  const chain = chains!.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toPosternSmartAccount({ client, owner, factory: aa!.factory, chainId: 1 })
  const address = await account.getAddress()
  await client.setBalance({ address, value: parseEther('1') })
  const bundlerUrl = aa!.bundlerUrls['eip155:1']
  const ownerBundler = createBundlerClient({ account, client, transport: http(bundlerUrl) })
  const land = async (b: typeof ownerBundler, calls: { to: Hex; value?: bigint; data?: Hex }[]) => {
    const hash = await b.sendUserOperation({ calls })
    return (await b.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 60_000 })).success
  }

  const key = privateKeyToAccount(generatePrivateKey())
  const [allowed, other] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
  const validUntil = Math.floor(Date.now() / 1000) + 3600
  const grant = encodeFunctionData({ abi: sessionAbi, functionName: 'grantSession', args: [key.address, [allowed], parseEther('0.05'), validUntil] })
  assert.ok(await land(ownerBundler, [{ to: address, data: grant }]))
  assert.equal(await client.readContract({ address, abi: sessionAbi, functionName: 'sessions', args: [key.address] }), [validUntil, parseEther('0.05'), 0n, true])

  const session = await toSessionSmartAccount({ client, address, sessionKey: key, chainId: 1 })
  const sessionBundler = createBundlerClient({ account: session, client, transport: http(bundlerUrl) })
  assert.ok(await land(sessionBundler, [{ to: allowed, value: parseEther('0.03') }]))
  assert.is(await client.getBalance({ address: allowed }), parseEther('0.03'))

  // Outside the scope: the bundler refuses it in validation.
  const refused = async (calls: { to: Hex; value?: bigint }[]) => {
    try {
      await sessionBundler.sendUserOperation({ calls })
      return false
    } catch (error) {
      return /AA24|signature/i.test(String((error as Error).message))
    }
  }
  assert.ok(await refused([{ to: other, value: 1n }]), 'another target')
  assert.ok(await refused([{ to: allowed, value: parseEther('0.03') }]), 'over the allowance')

  // And on chain: handleOps from any sender reverts with the EntryPoint's signature error.
  const op = await sessionBundler.prepareUserOperation({ calls: [{ to: allowed, value: parseEther('0.01') }], callGasLimit: 100_000n, verificationGasLimit: 300_000n, preVerificationGas: 60_000n })
  const bad = { ...op, callData: encodeFunctionData({ abi: [{ type: 'function', name: 'execute', inputs: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }], outputs: [], stateMutability: 'nonpayable' }], functionName: 'execute', args: [other, 1n, '0x'] }) } as UserOperation<'0.7'>
  bad.signature = await session.signUserOperation(bad)
  const reverted = await client.simulateContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(bad)], owner.address], account: owner.address }).then(() => '', (e: Error) => e.message)
  assert.match(reverted, /AA24 signature error/)

  // Revoked: the key can do nothing more.
  assert.ok(await land(ownerBundler, [{ to: address, data: encodeFunctionData({ abi: sessionAbi, functionName: 'revokeSession', args: [key.address] }) }]))
  assert.ok(await refused([{ to: allowed, value: 1n }]), 'revoked')
  assert.is(await client.getBalance({ address: allowed }), parseEther('0.03'))
})

test.run()
