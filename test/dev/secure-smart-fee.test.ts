// The smart account's approvals show the most the user operation can cost, in the network's own
// currency: every gas limit of the operation times its maxFeePerGas. Checked against the operation
// the bundler actually received (by its hash), on a local Polygon (id 137, POL) with the real
// EntryPoint, factory and bundler, and the secure site's smart-account modules as the frame runs them.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, decodeEventLog, formatUnits, http, parseEther, testActions, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi, type UserOperation } from 'viem/account-abstraction'
import { startChains, toViemChain, type LocalChains } from '../../dev/chains/index.ts'
import { startAccountAbstraction, type AccountAbstraction } from '../../dev/aa/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { createSmart } from '../../secure/smart.ts'
import { handleSmartRpc, type SmartRpcContext } from '../../secure/smart-rpc.ts'
import { userOpGasLimit } from '../../secure/describe/user-op-fee.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; aa?: AccountAbstraction; api?: ApiServer }>('secure site: smart-account fee')
const watchdog = setTimeout(() => {
  console.error('secure-smart-fee.test.ts: timed out')
  process.exit(1)
}, watchdogMs(170_000))

test.before(async (ctx) => {
  ctx.chains = await startChains({ chainIds: [137] })
  ctx.aa = await startAccountAbstraction(ctx.chains.chains)
  ctx.api = await startApiServer({ chains: ctx.chains.chains, indexer: false, smartAccounts: { entryPoint: ctx.aa.entryPoint, factory: ctx.aa.factory, bundlerUrls: ctx.aa.bundlerUrls } })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.aa?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

test('wallet_sendCalls and eth_sendTransaction show "Max network fee" = the sent operation\'s gas limits × maxFeePerGas, in POL', async ({ chains, aa, api }) => {
  const chain = chains!.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const owner = privateKeyToAccount(generatePrivateKey())
  const smart = createSmart({ authUrl: api!.url, projectId: 'test', chainId: 137, logger: false })
  const sc = await smart.smartChain(owner, 137, chain.rpcUrl)
  const address = await sc.account.getAddress()
  await client.setBalance({ address, value: parseEther('10') })
  let shown: string[][] = []
  const ctx: SmartRpcContext = { owner, chainId: 137, rpcUrl: chain.rpcUrl, origin: 'http://site.test', smart, approve: async (d) => ((shown = d.rows), true) }
  const feeShown = () => shown.filter(([k]) => k === 'Max network fee').map(([, v]) => v)
  const feeOf = (op: UserOperation<'0.7'>) => `${formatUnits(userOpGasLimit(op) * op.maxFeePerGas, 18)} POL`
  const bundled = async (hash: Hex) => (await sc.bundler.getUserOperation({ hash })).userOperation as UserOperation<'0.7'>
  const receiver = privateKeyToAccount(generatePrivateKey()).address

  // The first operation also deploys the account (factory fields, a larger verification limit).
  const { id } = await handleSmartRpc(ctx, 'wallet_sendCalls', [{ calls: [{ to: receiver, value: '0x1' }, { to: receiver, value: '0x2' }] }]) as { id: Hex }
  assert.ok((await sc.bundler.waitForUserOperationReceipt({ hash: id, pollingInterval: 100, timeout: 60_000 })).success)
  // The operation as the bundler put it on chain (read back from its handleOps transaction).
  const first = await bundled(id)
  assert.ok(first.factory, 'the first operation deploys the account')
  assert.equal(feeShown(), [feeOf(first)])
  assert.ok(first.maxFeePerGas > 0n && first.callGasLimit > 0n)
  assert.is(shown.at(-1)![0], 'Network')

  const txHash = await handleSmartRpc(ctx, 'eth_sendTransaction', [{ to: receiver, value: '0x3' }]) as Hex
  const receipt = await client.getTransactionReceipt({ hash: txHash })
  const event = receipt.logs.map((l) => { try { return decodeEventLog({ abi: entryPoint07Abi, ...l }) } catch { return undefined } }).find((e) => e?.eventName === 'UserOperationEvent')
  const second = await bundled((event!.args as { userOpHash: Hex }).userOpHash)
  assert.not.ok(second.factory, 'deployed by now')
  assert.equal(feeShown(), [feeOf(second)])
  assert.is(await client.getBalance({ address: receiver }), 6n)
})

test.run()
