import { encodeFunctionData, getAddress, isAddress, toHex, type Address, type Hex } from 'viem'
import { clientFor } from '../evm/index'
import { plainAddress } from '../../signals/send'
import { PosternError } from '../../utils/errors'
import { walletCall, type ChainSend, type Transfer } from './chain'

const transferInputs = [{ name: 'recipient', type: 'address' }, { name: 'amount', type: 'uint256' }] as const
const erc20Transfer = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: transferInputs, outputs: [{ name: '', type: 'bool' }] }] as const
/** USDT's transfer returns nothing (AppKit's usdtABI); the calldata is the same, the ABI says so. */
const usdtTransfer = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: transferInputs, outputs: [] }] as const

/** AppKit's USDT_CONTRACT_ADDRESSES: mainnet, Polygon, Avalanche, Cosmos, Celo, Binance, Arbitrum. */
const USDT = new Set([
  '0xdac17f958d2ee523a2206206994597c13d831ec7', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7',
  '0x919c1c267bc06a7039e03fcc2ef738525769109c', '0x48065fbbe25f71c9282ddf5e1cd6d6a887483d5e', '0x55d398326f99059ff775485246999027b3197955',
  '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
])

export const transferAbiFor = (token: string) => (USDT.has(token.toLowerCase()) ? usdtTransfer : erc20Transfer)

/** AppKit's gas allowance for Max on a native send: EOAs (21,000) and common contract receivers. */
const MAX_RESERVE_GAS = 65_000n
const NATIVE_GAS = 21_000n

/** The call a transfer makes: value to the receiver, or `transfer` on the token contract. */
export function transferCall(t: Pick<Transfer, 'to' | 'token' | 'amount'>): { to: Address; value: bigint; data: Hex } {
  const tokenAddress = plainAddress(t.token.address)
  if (!tokenAddress) return { to: getAddress(t.to), value: t.amount, data: '0x' }
  const data = encodeFunctionData({ abi: transferAbiFor(tokenAddress), functionName: 'transfer', args: [getAddress(t.to), t.amount] })
  return { to: getAddress(tokenAddress), value: 0n, data }
}

const strictAddress = (address: string) => isAddress(address, { strict: true })

export const evmSend: ChainSend = {
  isAddress: strictAddress,

  async estimateFee(t) {
    const client = clientFor(t.network, t.rpcUrls)
    const gasPrice = await client.getGasPrice()
    let gas = t.token.address ? MAX_RESERVE_GAS : NATIVE_GAS
    if (strictAddress(t.to)) {
      // A transfer the node cannot simulate yet (e.g. more than the balance) keeps the typical figure.
      gas = await client.estimateGas({ account: t.from as Address, ...transferCall(t) }).catch(() => gas)
    }
    const { decimals, symbol } = t.network.nativeCurrency
    return { amount: gas * gasPrice, reserve: MAX_RESERVE_GAS * gasPrice, decimals, symbol }
  },

  async send(t) {
    const provider = t.provider as { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined
    if (!provider?.request) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const client = clientFor(t.network, t.rpcUrls)
    const chainId = await walletCall(() => provider.request({ method: 'eth_chainId' }))
    if (Number(chainId) !== Number(t.network.id)) throw new PosternError('The wallet is on another network', 'CHAIN_MISMATCH')
    const call = transferCall(t)
    const gas = await client.estimateGas({ account: t.from as Address, ...call }).catch((error: unknown) => {
      throw new PosternError('error estimating gas', 'ESTIMATE_GAS', { cause: error })
    })
    const hash = await walletCall(() => provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: t.from, to: call.to, value: toHex(call.value), data: call.data, gas: toHex(gas) }],
    }))
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
    // SPEC section 9: a receipt is waited for 3 minutes, with 6 retries.
    const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex, timeout: 180_000, retryCount: 6, pollingInterval: 1000 })
    if (receipt.status !== 'success') throw new PosternError('execution reverted', 'EXECUTION_REVERTED')
    return hash
  },
}
