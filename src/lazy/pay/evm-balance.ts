// Whether an EVM account holds enough for a payment: the native coin, or the token's balanceOf.
import { erc20Abi, getAddress } from 'viem'
import type { Network } from '../../types'
import { clientFor } from '../evm/index'

export async function evmBalance(network: Network, rpcUrls: string[], owner: string, token: string | undefined): Promise<bigint> {
  const client = clientFor(network, rpcUrls)
  if (!token) return client.getBalance({ address: getAddress(owner) })
  return client.readContract({ address: getAddress(token), abi: erc20Abi, functionName: 'balanceOf', args: [getAddress(owner)] })
}
