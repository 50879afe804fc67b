import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, formatUnits, http, parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEMO_MNEMONIC, deployerAccount, mintToken, startChains, TOKEN_ABI, TOKEN_ADDRESS, type LocalChains } from '../../dev/chains/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ stack?: LocalChains; startMs: number }>('dev/chains', { startMs: 0 })

// Bounded run: tear down and fail if anything hangs.
const watchdog = setTimeout(() => {
  console.error('chains.test.ts: timed out')
  process.exitCode = 1
  void stackStop().finally(() => process.exit(1))
}, watchdogMs(60_000))
let stackStop = async () => {}

test.before(async (ctx) => {
  ctx.stack = await startChains()
  stackStop = ctx.stack.stop
})

test.after(async (ctx) => {
  await ctx.stack?.stop()
  clearTimeout(watchdog)
})

const reader = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

test('starts chains 1 and 137 with the token', ({ stack }) => {
  assert.ok(stack)
  assert.equal(stack.chains.map((c) => c.chainId), [1, 137])
  for (const c of stack.chains) {
    assert.match(c.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.equal(c.token, { address: TOKEN_ADDRESS, name: 'USD Coin', symbol: 'USDC', decimals: 6 })
  }
})

test('accounts are the first 10 demo-mnemonic addresses', ({ stack }) => {
  assert.is(stack!.accounts.length, 10)
  // The fast derivation in dev/chains/accounts.ts must agree with viem's mnemonicToAccount.
  for (const i of [0, 9]) assert.is(stack!.accounts[i], mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: i }).address)
  assert.is(deployerAccount().address, mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 10 }).address)
  assert.is(stack!.accounts[0], '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  assert.is(stack!.accounts[9], '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')
})

test('each chain answers its own chain id', async ({ stack }) => {
  for (const c of stack!.chains) assert.is(await reader(c.rpcUrl).getChainId(), c.chainId)
})

test('the token is deployed at the same address on both chains, with its metadata', async ({ stack }) => {
  const codes = await Promise.all(stack!.chains.map((c) => reader(c.rpcUrl).getCode({ address: TOKEN_ADDRESS })))
  for (const code of codes) assert.ok(code && code.length > 100, 'token has code')
  assert.is(codes[0], codes[1])
  for (const c of stack!.chains) {
    const r = reader(c.rpcUrl)
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
      r.readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName })
    assert.is(await read('name'), 'USD Coin')
    assert.is(await read('symbol'), 'USDC')
    assert.is(await read('decimals'), 6)
    // 3 x 1,000,000 to the demo holders, 600,000 in the DEX pools, 1,000,000 for the onramp sandbox to sell.
    assert.is(await read('totalSupply'), parseUnits('4600000', 6))
  }
})

test('1,000,000 USDC is minted to each of the first 3 demo accounts only', async ({ stack }) => {
  for (const c of stack!.chains) {
    const r = reader(c.rpcUrl)
    const balances = await Promise.all(
      stack!.accounts.slice(0, 4).map((a) => r.readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'balanceOf', args: [a] })),
    )
    assert.equal(balances.map((b) => formatUnits(b, 6)), ['1000000', '1000000', '1000000', '0'])
  }
})

test('demo accounts keep their untouched 10000 ETH and nonce 0', async ({ stack }) => {
  const r = reader(stack!.chains[0]!.rpcUrl)
  assert.is(await r.getBalance({ address: stack!.accounts[0]! }), parseUnits('10000', 18))
  assert.is(await r.getTransactionCount({ address: stack!.accounts[0]! }), 0)
})

test('mintToken adds tokens on one chain', async ({ stack }) => {
  const c = stack!.chains[1]!
  const to = stack!.accounts[5]!
  await mintToken(c.rpcUrl, c.chainId, to, parseUnits('42', 6))
  const r = reader(c.rpcUrl)
  assert.is(await r.readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'balanceOf', args: [to] }), parseUnits('42', 6))
})

test('stop() ends the nodes', async ({ stack }) => {
  await stack!.stop()
  for (const c of stack!.chains) {
    const down = await fetch(c.rpcUrl, { method: 'POST', body: '{}' }).then(
      () => false,
      () => true,
    )
    assert.ok(down, `${c.rpcUrl} still answers`)
  }
})

test.run()
