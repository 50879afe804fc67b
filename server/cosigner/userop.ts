// The co-signer on chain: its key acts as the smart account's session key (secure/smart-account.ts
// toSessionSmartAccount), so the account itself enforces the targets, allowance and expiry the
// wallet granted; the stack's bundler prepares, takes and reports the user operations.
import { createPublicClient, custom, defineChain, http, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import {
  createBundlerClient, entryPoint07Address, formatUserOperation, formatUserOperationRequest, getUserOperationHash, type UserOperation,
} from 'viem/account-abstraction'
import { sessionAbi, toSessionSmartAccount } from '../../secure/smart-account.ts'
import { HttpError } from '../http.ts'
import { smartAccountConfig } from '../auth-email/smart-accounts.ts'
import { evmChainByCaip, type ServerState } from '../state.ts'

const targetsAbi = parseAbi(['function sessionTargets(address key, address target) view returns (bool)'])

export interface ChainAccess {
  chainId: number
  client: PublicClient
  bundler: ReturnType<typeof createBundlerClient>
}

/** The chain and bundler of `caip` (eip155:<id>), when smart accounts run there. */
export function chainAccess(state: ServerState, caip: string): ChainAccess | undefined {
  const chain = evmChainByCaip(state, caip)
  const bundlerUrl = smartAccountConfig(state)?.bundlerUrls[caip]
  if (!chain || !bundlerUrl) return undefined
  const viemChain = defineChain({ id: chain.chainId, name: caip, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
  // The server's client of that chain, with the chain named (the account and bundler clients read its id).
  const client = createPublicClient({ chain: viemChain, transport: custom({ request: (args) => chain.client.request(args as never) }) }) as PublicClient
  return { chainId: chain.chainId, client, bundler: createBundlerClient({ client, chain: viemChain, transport: httpTransport(bundlerUrl) }) }
}

const httpTransport = (url: string) => http(url, { retryCount: 1, timeout: 30_000 })

/** The account's session of `key` as the chain has it: live (active and not expired) and its targets granted. */
export async function liveSession(access: ChainAccess, account: Address, key: Address, targets: Address[]): Promise<{ validUntil: number } | undefined> {
  let session: readonly [number, bigint, bigint, boolean]
  try {
    session = await access.client.readContract({ address: account, abi: sessionAbi, functionName: 'sessions', args: [key] })
  } catch {
    // No such contract there: no session.
    return undefined
  }
  const [validUntil, , , active] = session
  if (!active || validUntil <= Date.now() / 1000) return undefined
  for (const target of targets) {
    if (!(await access.client.readContract({ address: account, abi: targetsAbi, functionName: 'sessionTargets', args: [key, target] }))) return undefined
  }
  return { validUntil }
}

/** One call as a user operation of the account signed by the co-signer later: gas, fees and nonce from the bundler and chain. */
export async function prepareUserOperation(access: ChainAccess, account: Address, cosigner: PrivateKeyAccount, call: { to: Address; value: bigint; data: Hex }) {
  const session = await toSessionSmartAccount({ client: access.client, address: account, sessionKey: cosigner, chainId: access.chainId })
  let prepared: UserOperation<'0.7'>
  try {
    prepared = await access.bundler.prepareUserOperation({ account: session, calls: [call] }) as UserOperation<'0.7'>
  } catch (error) {
    throw new HttpError(400, `The bundler refused the calls: ${shortReason(error)}`)
  }
  const userOperation = { ...prepared, sender: account } as UserOperation<'0.7'>
  const hash = getUserOperationHash({ chainId: access.chainId, entryPointAddress: entryPoint07Address, entryPointVersion: '0.7', userOperation })
  return { rpc: formatUserOperationRequest(userOperation), hash }
}

/** The co-signer's signature on the stored user operation, sent to the bundler; its hash. */
export async function cosignAndSend(access: ChainAccess, cosigner: PrivateKeyAccount, rpc: Record<string, unknown>): Promise<Hex> {
  const userOperation = formatUserOperation(rpc as never) as UserOperation<'0.7'>
  const session = await toSessionSmartAccount({ client: access.client, address: userOperation.sender, sessionKey: cosigner, chainId: access.chainId })
  const signature = await session.signUserOperation(userOperation)
  try {
    return await access.bundler.request({ method: 'eth_sendUserOperation', params: [formatUserOperationRequest({ ...userOperation, signature }), entryPoint07Address] }) as Hex
  } catch (error) {
    throw new HttpError(400, `The bundler refused the user operation: ${shortReason(error)}`)
  }
}

/** EIP-5792's status of a sent user operation, as Reown's wallet service answers wallet_getCallsStatus. */
export async function callsStatus(access: ChainAccess, hash: Hex) {
  const receipt = await access.bundler.request({ method: 'eth_getUserOperationReceipt', params: [hash] }) as
    { success: boolean; receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; logs: unknown[] } } | null
  if (!receipt) return { id: hash, chainId: `0x${access.chainId.toString(16)}`, status: 'PENDING' }
  const r = receipt.receipt
  return {
    id: hash, chainId: `0x${access.chainId.toString(16)}`, status: 'CONFIRMED',
    receipts: [{ status: receipt.success ? '0x1' : '0x0', transactionHash: r.transactionHash, blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, logs: r.logs }],
  }
}

/** The first line of a viem error: the bundler's reason without the request dump. */
function shortReason(error: unknown): string {
  const e = error as { details?: string; shortMessage?: string; message?: string }
  return (e.details || e.shortMessage || e.message || String(error)).split('\n')[0]!.slice(0, 300)
}
