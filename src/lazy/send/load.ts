import type { ChainSend } from './chain'

/** The chain family's send module, in a chunk of its own with viem or @solana/kit. */
export function loadChain(namespace: string): Promise<ChainSend> | undefined {
  if (namespace === 'eip155') return import('./evm').then((m) => m.evmSend)
  if (namespace === 'solana') return import('./solana').then((m) => m.solanaSend)
  if (namespace === 'tron') return import('./tron').then((m) => m.tronSend)
  if (namespace === 'bip122') return import('./bitcoin').then((m) => m.bitcoinSend)
  return undefined
}
