// An fid's custody address, read from Farcaster's IdRegistry on OP Mainnet (custodyOf(fid)): the
// one address whose signature signs the fid in. The relay's word for it is never taken.
import { createPublicClient, http, isAddress, parseAbi, zeroAddress, type Address } from 'viem'
import { HttpError } from '../http.ts'

export interface IdRegistryOptions {
  /** An OP Mainnet JSON-RPC endpoint. */
  rpcUrl: string
  /** The IdRegistry's address (Farcaster's is 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b). */
  address: Address
}

const ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])
/** What OP Mainnet's chain id is: a registry on another chain is not Farcaster's. */
export const OP_MAINNET = 10

const clients = new WeakMap<IdRegistryOptions, ReturnType<typeof createPublicClient>>()

/** The fid's custody address on chain; 503 when none is configured, 502 when the chain does not answer, 401 for an fid nobody holds. */
export async function custodyOf(registry: IdRegistryOptions | undefined, fid: number): Promise<Address> {
  if (!registry) throw new HttpError(503, 'farcaster: no IdRegistry configured to check custody against')
  let client = clients.get(registry)
  if (!client) {
    client = createPublicClient({ transport: http(registry.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    clients.set(registry, client)
  }
  let custody: unknown
  try {
    const chainId = await client.getChainId()
    if (chainId !== OP_MAINNET) throw new HttpError(502, `farcaster: the IdRegistry's chain is ${chainId}, not OP Mainnet (${OP_MAINNET})`)
    custody = await client.readContract({ address: registry.address, abi: ABI, functionName: 'custodyOf', args: [BigInt(fid)] })
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(502, 'farcaster: the IdRegistry cannot be read')
  }
  if (typeof custody !== 'string' || !isAddress(custody) || custody === zeroAddress) throw new HttpError(401, `farcaster: fid ${fid} is not registered`)
  return custody
}
