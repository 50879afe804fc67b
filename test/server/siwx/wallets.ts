// Smart accounts on a local anvil chain for the SIWX tests: one deployed (EIP-1271) and one
// counterfactual behind a CREATE2 factory (EIP-6492). Compiled with solc-js at test time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { concatHex, encodeAbiParameters, encodeFunctionData, getContractAddress, serializeErc6492Signature, type Address, type Hex, type LocalAccount } from 'viem'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string): string }

interface Artifact { abi: unknown[]; bytecode: Hex }

function compile(): Record<'Wallet1271' | 'WalletFactory', Artifact> {
  const input = {
    language: 'Solidity',
    sources: { 'Wallet1271.sol': { content: readFileSync(new URL('./Wallet1271.sol', import.meta.url), 'utf8') } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>> }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const get = (name: string) => {
    const c = out.contracts['Wallet1271.sol']![name]!
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex }
  }
  return { Wallet1271: get('Wallet1271'), WalletFactory: get('WalletFactory') }
}

const FACTORY_ABI = [{ type: 'function', name: 'deploy', stateMutability: 'nonpayable', inputs: [{ name: 'o', type: 'address' }, { name: 'salt', type: 'bytes32' }], outputs: [{ type: 'address' }] }] as const

interface Deployer {
  sendTransaction(args: { data: Hex; to?: Address | null }): Promise<Hex>
  waitForTransactionReceipt(args: { hash: Hex; timeout?: number }): Promise<{ contractAddress?: Address | null }>
}

export interface SmartAccounts {
  /** A deployed Wallet1271 owned by `owner`. */
  deployed: Address
  /** The address Wallet1271 will have once the factory deploys it; nothing is there yet. */
  counterfactual: Address
  /** Wraps the owner's signature as EIP-6492 for the counterfactual account. */
  wrap6492(signature: Hex): Hex
}

export async function deploySmartAccounts(client: Deployer, owner: LocalAccount): Promise<SmartAccounts> {
  const { Wallet1271, WalletFactory } = compile()
  const init = concatHex([Wallet1271.bytecode, encodeAbiParameters([{ type: 'address' }], [owner.address])])
  const deploy = async (data: Hex) => {
    const hash = await client.sendTransaction({ data, to: null })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 5_000 })
    if (!receipt.contractAddress) throw new Error('no contract deployed')
    return receipt.contractAddress
  }
  const deployed = await deploy(init)
  const factory = await deploy(WalletFactory.bytecode)
  const salt = `0x${'42'.padStart(64, '0')}` as Hex
  const counterfactual = getContractAddress({ from: factory, opcode: 'CREATE2', salt, bytecode: init })
  const factoryData = encodeFunctionData({ abi: FACTORY_ABI, functionName: 'deploy', args: [owner.address, salt] })
  return { deployed, counterfactual, wrap6492: (signature) => serializeErc6492Signature({ address: factory, data: factoryData, signature }) }
}
