import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, erc20Abi, http, parseAbi, parseEther, parseUnits } from 'viem'
import { dexAddresses, ROUTER_ABI, startChains, TOKEN_ADDRESS, type LocalChains } from '../../dev/chains/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ stack?: LocalChains }>('dev/chains dex')
const watchdog = setTimeout(() => {
  console.error('dex.test.ts: timed out')
  process.exit(1)
}, watchdogMs(60_000))

test.before(async (ctx) => {
  ctx.stack = await startChains()
})
test.after(async (ctx) => {
  await ctx.stack?.stop()
  clearTimeout(watchdog)
})

const PAIR_ABI = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
const FACTORY_ABI = parseAbi(['function getPair(address, address) view returns (address)'])

test('the DEX is deployed at the same addresses on both chains, from the Uniswap artifacts', async ({ stack }) => {
  const a = dexAddresses()
  for (const c of stack!.chains) {
    assert.equal(c.dex.router, a.router)
    const client = createPublicClient({ transport: http(c.rpcUrl) })
    assert.is(await client.readContract({ address: a.router, abi: ROUTER_ABI, functionName: 'factory' }), a.factory)
    assert.is(await client.readContract({ address: a.router, abi: ROUTER_ABI, functionName: 'WETH' }), a.weth)
    assert.equal(c.dex.tokens.map((t) => t.symbol), ['USDC', 'DAI'])
  }
})

test('pools are seeded: native/USDC at the native price, native/DAI, USDC/DAI at 1:1', async ({ stack }) => {
  const a = dexAddresses()
  const [eth, pol] = stack!.chains
  const quote = async (rpcUrl: string, path: `0x${string}`[], amount: bigint) =>
    (await createPublicClient({ transport: http(rpcUrl) }).readContract({ address: a.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path] })).at(-1)!
  // 1 ETH at 3000 USDC less the 0.3% fee and a small price impact.
  const usdc = await quote(eth!.rpcUrl, [a.weth, TOKEN_ADDRESS], parseEther('1'))
  assert.ok(usdc > parseUnits('2950', 6) && usdc < parseUnits('2991', 6), String(usdc))
  const dai = await quote(eth!.rpcUrl, [a.weth, a.dai], parseEther('1'))
  assert.ok(dai > parseEther('2950') && dai < parseEther('2991'), String(dai))
  const stable = await quote(eth!.rpcUrl, [TOKEN_ADDRESS, a.dai], parseUnits('100', 6))
  assert.ok(stable > parseEther('99.6') && stable < parseEther('99.71'), String(stable))
  // Chain 137's native token is priced at 0.5 USD.
  const polUsdc = await quote(pol!.rpcUrl, [a.weth, TOKEN_ADDRESS], parseEther('100'))
  assert.ok(polUsdc > parseUnits('49.5', 6) && polUsdc < parseUnits('50', 6), String(polUsdc))
  const client = createPublicClient({ transport: http(eth!.rpcUrl) })
  const pair = await client.readContract({ address: a.factory, abi: FACTORY_ABI, functionName: 'getPair', args: [a.weth, TOKEN_ADDRESS] })
  const [r0, r1] = await client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' })
  assert.ok(r0 > 0n && r1 > 0n)
})

test('the demo accounts hold no DAI (their balances are as before the DEX)', async ({ stack }) => {
  const client = createPublicClient({ transport: http(stack!.chains[0]!.rpcUrl) })
  const held = await client.readContract({ address: dexAddresses().dai, abi: erc20Abi, functionName: 'balanceOf', args: [stack!.accounts[0]!] })
  assert.is(held, 0n)
})

test('a chain restored from its state keeps its DEX and is not deployed again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'postern-dex-'))
  try {
    const first = await startChains({ chainIds: [1], stateDir: dir })
    await new Promise((r) => setTimeout(r, 1500)) // anvil writes its state every second
    await first.stop()
    const again = await startChains({ chainIds: [1], stateDir: dir })
    try {
      const code = await createPublicClient({ transport: http(again.chains[0]!.rpcUrl) }).getCode({ address: dexAddresses().router })
      assert.ok(code && code.length > 2)
    } finally {
      await again.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
