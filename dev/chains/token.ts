import { readFileSync } from 'node:fs'
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  parseAbi,
  parseEther,
  parseGwei,
  testActions,
  type Hex,
} from 'viem'
import { deployerAccount } from './accounts.ts'
import { minedReceipt } from './receipt.ts'

/** The token's address on every local chain: the deployer's first contract (nonce 0). */
export const TOKEN_ADDRESS = '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9' as const

export const TOKEN_INFO = { name: 'USD Coin', symbol: 'USDC', decimals: 6 } as const

/** ABI of dev/chains/Token.sol (typed for viem; token.json holds solc's own copy). */
export const TOKEN_ABI = parseAbi([
  'constructor(address[] holders, uint256 amount)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function owner() view returns (address)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
])

let bytecode: Hex | undefined
export function tokenBytecode(): Hex {
  if (!bytecode) {
    const artifact = JSON.parse(readFileSync(new URL('./token.json', import.meta.url), 'utf8')) as { bytecode?: unknown }
    if (typeof artifact.bytecode !== 'string' || !artifact.bytecode.startsWith('0x')) {
      throw new Error('dev/chains/token.json has no bytecode: run node --import tsx dev/chains/compile-token.ts')
    }
    bytecode = artifact.bytecode as Hex
  }
  return bytecode
}

// Fixed fees and gas so a deploy or mint needs no estimation round trips.
const FEES = { maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('1') }

function client(rpcUrl: string) {
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).extend(testActions({ mode: 'anvil' }))
}

async function sendAsDeployer(c: ReturnType<typeof client>, chainId: number, nonce: number, data: Hex, to?: Hex) {
  const deployer = deployerAccount()
  const serialized = await deployer.signTransaction({
    type: 'eip1559',
    chainId,
    nonce,
    gas: 3_000_000n,
    ...FEES,
    data,
    ...(to ? { to } : {}),
  })
  const hash = await c.sendRawTransaction({ serializedTransaction: serialized })
  const receipt = await minedReceipt(c, hash)
  if (receipt.status !== 'success') throw new Error(`token transaction ${hash} reverted`)
  return receipt
}

/**
 * Deploys the token on a fresh anvil chain and mints `amount` (base units) to each holder,
 * all in the constructor. Throws if the deployer was already used on this chain.
 */
export async function deployToken(rpcUrl: string, chainId: number, holders: Hex[], amount: bigint): Promise<void> {
  const c = client(rpcUrl)
  const deployer = deployerAccount()
  if (getContractAddress({ from: deployer.address, nonce: 0n }) !== TOKEN_ADDRESS) {
    throw new Error('TOKEN_ADDRESS does not match the deployer: update the constant')
  }
  await c.setBalance({ address: deployer.address, value: parseEther('100') })
  const data = encodeDeployData({ abi: TOKEN_ABI, bytecode: tokenBytecode(), args: [holders, amount] })
  const receipt = await sendAsDeployer(c, chainId, 0, data)
  if (receipt.contractAddress?.toLowerCase() !== TOKEN_ADDRESS.toLowerCase()) {
    throw new Error(`token deployed at ${receipt.contractAddress}, expected ${TOKEN_ADDRESS} (deployer nonce was not 0)`)
  }
}

/** Mints more tokens (base units) on a chain where deployToken ran; for tests and the demo. */
export async function mintToken(rpcUrl: string, chainId: number, to: Hex, amount: bigint): Promise<Hex> {
  const c = client(rpcUrl)
  const nonce = await c.getTransactionCount({ address: deployerAccount().address, blockTag: 'pending' })
  const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'mint', args: [to, amount] })
  const receipt = await sendAsDeployer(c, chainId, nonce, data, TOKEN_ADDRESS)
  return receipt.transactionHash
}
