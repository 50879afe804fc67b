// The embedded wallet's smart account: the dev stack's PosternAccount (eth-infinitism's v0.7
// SimpleAccount plus ERC-1271), owned by the embedded key, behind viem's toSmartAccount so
// viem's bundler client prepares, signs and sends its user operations.
import { concat, encodeFunctionData, decodeFunctionData, hashMessage, hashTypedData, parseAbi, type Address, type Hex, type LocalAccount, type TypedDataDefinition } from 'viem'
import { readContract } from 'viem/actions'
import { entryPoint07Abi, entryPoint07Address, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction'

export const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function owner() view returns (address)',
])
export const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** A recoverable dummy signature for gas estimation (the account's ECDSA.recover reverts on garbage). */
const STUB_SIGNATURE = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const accountDomain = (account: Address, chainId: number) => ({ name: 'Postern Account', version: '1', chainId, verifyingContract: account }) as const

/** What the owner signs for an ERC-1271 check of `hash`: PosternAccount.replaySafeHash. */
function replaySafe(hash: Hex, account: Address, chainId: number) {
  return {
    domain: accountDomain(account, chainId),
    types: { PosternAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PosternAccountMessage',
    message: { hash },
  } as const
}

/**
 * What a user operation's signer signs: PosternAccount.userOperationSigningHash, EIP-712 in the
 * account's domain. The account refuses an EIP-191 signature of the bare userOpHash, which any
 * personal_sign of those 32 bytes would give.
 */
export function userOperationTypedData(userOpHash: Hex, account: Address, chainId: number) {
  return {
    domain: accountDomain(account, chainId),
    types: { PosternUserOperation: [{ name: 'userOpHash', type: 'bytes32' }] },
    primaryType: 'PosternUserOperation',
    message: { userOpHash },
  } as const
}

export async function toPosternSmartAccount(opts: { client: SmartAccountImplementation['client']; owner: LocalAccount; factory: Address; chainId: number; address?: Address }): Promise<SmartAccount> {
  const { client, owner, factory, chainId } = opts
  let address = opts.address
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const call = decodeFunctionData({ abi: accountAbi, data })
      if (call.functionName === 'execute') return [{ to: call.args[0], value: call.args[1], data: call.args[2] }]
      if (call.functionName === 'executeBatch') return call.args[0].map((to, i) => ({ to, value: call.args[1][i], data: call.args[2][i] }))
      throw new Error(`cannot decode ${call.functionName}`)
    },
    async encodeCalls(calls) {
      if (calls.length === 1) return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [calls[0]!.to, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
      return encodeFunctionData({ abi: accountAbi, functionName: 'executeBatch', args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')] })
    },
    async getAddress() {
      // The factory's CREATE2 address: known before the account exists.
      address ??= await readContract(client, { address: factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] })
      return address
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) }
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return owner.signTypedData(replaySafe(hashMessage(message), await this.getAddress(), chainId))
    },
    async signTypedData(typedData) {
      return owner.signTypedData(replaySafe(hashTypedData(typedData as TypedDataDefinition), await this.getAddress(), chainId))
    },
    async signUserOperation(userOperation) {
      const hash = getUserOperationHash({
        chainId, entryPointAddress: entryPoint.address, entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: await this.getAddress() } as Parameters<typeof getUserOperationHash>[0]['userOperation'],
      })
      return owner.signTypedData(userOperationTypedData(hash, await this.getAddress(), chainId))
    },
  }) as Promise<SmartAccount>
}

export const sessionAbi = parseAbi([
  'function grantSession(address key, address[] targets, uint128 allowance, uint48 validUntil)',
  'function revokeSession(address key)',
  'function sessions(address key) view returns (uint48 validUntil, uint128 allowance, uint128 spent, bool active)',
])

/**
 * The same account acting through a smart session: user operations signed by the session key
 * (its address, then its signature), one call each. This is what a site runs with the key it
 * gave wallet_grantPermissions; the account itself enforces the granted scope.
 */
export async function toSessionSmartAccount(opts: { client: SmartAccountImplementation['client']; address: Address; sessionKey: LocalAccount; chainId: number }): Promise<SmartAccount> {
  const { client, address, sessionKey, chainId } = opts
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const call = decodeFunctionData({ abi: accountAbi, data })
      if (call.functionName !== 'execute') throw new Error('a session sends one call at a time')
      return [{ to: call.args[0], value: call.args[1], data: call.args[2] }]
    },
    async encodeCalls(calls) {
      if (calls.length !== 1) throw new Error('a session sends one call at a time')
      return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [calls[0]!.to, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
    },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return { factory: undefined, factoryData: undefined }
    },
    async getStubSignature() {
      return concat([sessionKey.address, STUB_SIGNATURE])
    },
    async signMessage() {
      throw new Error('a session key does not sign messages for the account')
    },
    async signTypedData() {
      throw new Error('a session key does not sign messages for the account')
    },
    async signUserOperation(userOperation) {
      const hash = getUserOperationHash({
        chainId, entryPointAddress: entryPoint.address, entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: address } as Parameters<typeof getUserOperationHash>[0]['userOperation'],
      })
      return concat([sessionKey.address, await sessionKey.signTypedData(userOperationTypedData(hash, address, chainId))])
    },
  }) as Promise<SmartAccount>
}
