import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import {
  concat, createPublicClient, encodeAbiParameters, getContractAddress, http, parseEther, parseGwei, testActions, type Hex,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { demoAccount } from '../chains/accounts.ts'
import { minedReceipt } from '../chains/receipt.ts'

/** Arachnid's deterministic deployment proxy, which anvil has from genesis. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const
/** The salt of the canonical v0.7 deployment: with the package's bytecode it yields entryPoint07Address. */
const ENTRY_POINT_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3' as const
const ZERO_SALT = `0x${'0'.repeat(64)}` as const

/**
 * Keys of the bundler: the demo mnemonic's accounts 11 (executor, submits handleOps) and 12
 * (utility, deploys the bundler's simulation contracts). Anvil neither funds nor unlocks them, so
 * no demo account's nonce or balance moves; the stack funds them itself.
 */
export const bundlerKeys = () => ({ executor: demoAccount(11), utility: demoAccount(12) })

const require = createRequire(import.meta.url)
const entryPointBytecode = (): Hex =>
  (require('@account-abstraction/contracts/artifacts/EntryPoint.json') as { bytecode: Hex }).bytecode

let factoryArtifact: { bytecode: Hex } | undefined
function factoryInitCode(): Hex {
  factoryArtifact ??= (JSON.parse(readFileSync(new URL('./account.json', import.meta.url), 'utf8')) as { factory: { bytecode: Hex } }).factory
  return concat([factoryArtifact.bytecode, encodeAbiParameters([{ type: 'address' }], [entryPoint07Address])])
}

/** The smart-account factory's address on every local chain (CREATE2, salt 0). */
export function accountFactoryAddress(): `0x${string}` {
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: ZERO_SALT, bytecode: factoryInitCode() })
}

export interface AaContracts {
  entryPoint: `0x${string}`
  factory: `0x${string}`
}

/**
 * Deploys the ERC-4337 v0.7 EntryPoint (canonical address) and the smart-account factory through
 * the CREATE2 deployer when they are missing, and tops up the bundler's keys. Idempotent: a chain
 * restored from its state file already has both and only gets the balance check.
 */
export async function deployAa(rpcUrl: string, chainId: number): Promise<AaContracts> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).extend(testActions({ mode: 'anvil' }))
  const { executor, utility } = bundlerKeys()
  for (const a of [executor, utility]) {
    if ((await client.getBalance({ address: a.address })) < parseEther('100')) await client.setBalance({ address: a.address, value: parseEther('10000') })
  }
  const factory = accountFactoryAddress()
  let nonce = await client.getTransactionCount({ address: utility.address })
  for (const [address, salt, code] of [[entryPoint07Address, ENTRY_POINT_SALT, entryPointBytecode()], [factory, ZERO_SALT, factoryInitCode()]] as const) {
    const existing = await client.getCode({ address })
    if (existing && existing !== '0x') continue
    const tx = await utility.signTransaction({
      type: 'eip1559', chainId, nonce: nonce++, gas: 8_000_000n, maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('1'),
      to: CREATE2_DEPLOYER, data: concat([salt, code]),
    })
    const hash = await client.sendRawTransaction({ serializedTransaction: tx })
    const receipt = await minedReceipt(client, hash)
    const deployed = await client.getCode({ address })
    if (receipt.status !== 'success' || !deployed || deployed === '0x') throw new Error(`deploying ${address} on chain ${chainId} failed`)
  }
  return { entryPoint: entryPoint07Address, factory }
}
