import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseGwei,
  parseUnits,
  testActions,
  type Abi,
  type Hex,
} from 'viem'
import { demoAccount } from './accounts.ts'
import { minedReceipt } from './receipt.ts'
import { mintToken, TOKEN_ABI, TOKEN_ADDRESS, TOKEN_INFO } from './token.ts'
import type { DexInfo } from './types.ts'

/**
 * The DEX deployer: the demo mnemonic's account 11 (anvil funds and unlocks only 0-9), so on a
 * fresh chain its nonces 0-3 put WETH, factory, router and DAI at the same addresses everywhere.
 */
export const DEX_DEPLOYER_INDEX = 11
const deployer = () => demoAccount(DEX_DEPLOYER_INDEX)

export const DAI_INFO = { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } as const



// Liquidity per pool side, in USD; the native side is sized by the native token's price.
const POOL_USD = 300_000
const NATIVE_USD: Record<number, number> = { 1: 3000, 137: 0.5 }

const require = createRequire(import.meta.url)
function artifact(pkg: 'v2-core' | 'v2-periphery', name: string): { abi: Abi; bytecode: Hex } {
  const json = require(`@uniswap/${pkg}/build/${name}.json`) as { abi: Abi; bytecode: string }
  return { abi: json.abi, bytecode: (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex }
}
function daiArtifact(): Hex {
  const json = JSON.parse(readFileSync(new URL('./dai.json', import.meta.url), 'utf8')) as { bytecode: Hex }
  return json.bytecode
}

export const ROUTER_ABI = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
])

const FEES = { maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('1') }

/** The fixed addresses of nonces 0-3 of the DEX deployer. */
export function dexAddresses(): Omit<DexInfo, 'tokens'> & { dai: Hex } {
  const from = deployer().address
  const at = (nonce: number) => getContractAddress({ from, nonce: BigInt(nonce) })
  return { weth: at(0), factory: at(1), router: at(2), dai: at(3) }
}

/** The DEX of a chain, as the server is told about it. */
export function dexInfo(): DexInfo {
  const a = dexAddresses()
  return {
    factory: a.factory,
    router: a.router,
    weth: a.weth,
    tokens: [
      { address: TOKEN_ADDRESS, ...TOKEN_INFO },
      { address: a.dai, ...DAI_INFO },
    ],
  }
}

/** Whether the router has code (a chain restored from its state file keeps its DEX). */
export async function hasDex(rpcUrl: string): Promise<boolean> {
  const c = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const code = await c.getCode({ address: dexAddresses().router })
  return !!code && code !== '0x'
}

/**
 * Deploys Uniswap V2 (WETH9, factory, router 02 from the packages' compiled artifacts) and DAI on
 * a chain where the USDC token exists, then seeds three constant-product pools: native/USDC,
 * native/DAI at the native token's USD price, and USDC/DAI at 1:1.
 */
export async function deployDex(rpcUrl: string, chainId: number): Promise<DexInfo> {
  const c = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).extend(testActions({ mode: 'anvil' }))
  const account = deployer()
  const addresses = dexAddresses()
  const nativeUsd = NATIVE_USD[chainId] ?? 3000
  const nativeSide = parseEther(String(POOL_USD / nativeUsd))
  await c.setBalance({ address: account.address, value: nativeSide * 2n + parseEther('100') })
  if ((await c.getTransactionCount({ address: account.address })) !== 0) throw new Error('DEX deployer was already used on this chain')

  let nonce = 0
  const send = async (data: Hex, to?: Hex, value = 0n) => {
    const serialized = await account.signTransaction({ type: 'eip1559', chainId, nonce: nonce++, gas: 6_000_000n, ...FEES, data, value, ...(to ? { to } : {}) })
    const hash = await c.sendRawTransaction({ serializedTransaction: serialized })
    const receipt = await minedReceipt(c, hash)
    if (receipt.status !== 'success') throw new Error(`DEX transaction ${hash} reverted`)
  }
  const weth = artifact('v2-periphery', 'WETH9')
  const factory = artifact('v2-core', 'UniswapV2Factory')
  const router = artifact('v2-periphery', 'UniswapV2Router02')
  await send(weth.bytecode)
  await send(encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode, args: [account.address] }))
  await send(encodeDeployData({ abi: router.abi, bytecode: router.bytecode, args: [addresses.factory, addresses.weth] }))
  // Only the deployer holds DAI, so the demo accounts' balances stay as they were (ETH and USDC).
  const usdcSide = parseUnits(String(POOL_USD), TOKEN_INFO.decimals)
  const daiSide = parseUnits(String(POOL_USD), DAI_INFO.decimals)
  await send(encodeDeployData({ abi: TOKEN_ABI, bytecode: daiArtifact(), args: [[account.address], daiSide * 2n] }))
  await mintToken(rpcUrl, chainId, account.address, usdcSide * 2n)
  for (const token of [TOKEN_ADDRESS, addresses.dai]) {
    await send(encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [addresses.router, maxUint256] }), token)
  }
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const me = account.address
  await send(encodeFunctionData({ abi: ROUTER_ABI, functionName: 'addLiquidityETH', args: [TOKEN_ADDRESS, usdcSide, usdcSide, nativeSide, me, deadline] }), addresses.router, nativeSide)
  await send(encodeFunctionData({ abi: ROUTER_ABI, functionName: 'addLiquidityETH', args: [addresses.dai, daiSide, daiSide, nativeSide, me, deadline] }), addresses.router, nativeSide)
  await send(encodeFunctionData({ abi: ROUTER_ABI, functionName: 'addLiquidity', args: [TOKEN_ADDRESS, addresses.dai, usdcSide, daiSide, usdcSide, daiSide, me, deadline] }), addresses.router)
  return dexInfo()
}
