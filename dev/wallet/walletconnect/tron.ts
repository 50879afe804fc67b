// The WalletConnect test wallet's TRON side: the `tron` namespace it approves and the two methods
// AppKit asks of it (tron_signMessage, tron_signTransaction), signed with a demo key of the local
// node (dev/tron) by the same code the node checks signatures with.
import { addressOf, hexToBytes, isBase58Address, signDigest, signMessageV2, toHexAddress, transactionId } from '../../tron/crypto.ts'
import type { ChainHandler } from './chain-handler.ts'
import { WalletRpcError } from './rpc.ts'

export const TRON_METHODS = ['tron_signMessage', 'tron_signTransaction']

export interface TronWalletSide {
  privateKey: string
  /** CAIP-2 ids of the TRON networks the wallet offers (tron:0x…). */
  chains: string[]
}

/** The tron namespace: the requested chains the wallet knows, when any is asked for. */
export function tronHandler(side: TronWalletSide): ChainHandler {
  return {
    namespace: 'tron',
    chains: side.chains,
    address: addressOf(side.privateKey),
    onlyAskedChains: true,
    methods: TRON_METHODS,
    events: ['accountsChanged', 'chainChanged'],
    answer: async (method, params) => answerTronRequest(side, method, params),
  }
}

/** Answers a tron_* request: the signature of a message, or the transaction with the account's signature. */
export function answerTronRequest(side: TronWalletSide, method: string, params: unknown): unknown {
  const address = addressOf(side.privateKey)
  const p = (params ?? {}) as { address?: unknown; message?: unknown; transaction?: unknown }
  if (p.address !== address) throw new WalletRpcError(4100, 'The requested account has not been authorized by the user.')
  if (method === 'tron_signMessage') {
    if (typeof p.message !== 'string') throw new WalletRpcError(-32602, 'Invalid params: message must be a string')
    return { signature: signMessageV2(p.message, side.privateKey) }
  }
  if (method === 'tron_signTransaction') {
    const tx = p.transaction as { txID?: unknown; raw_data_hex?: unknown; raw_data?: { contract?: { parameter?: { value?: { owner_address?: unknown } } }[] } } | undefined
    if (typeof tx?.raw_data_hex !== 'string' || typeof tx.txID !== 'string' || transactionId(tx.raw_data_hex.toLowerCase()) !== tx.txID.toLowerCase()) throw new WalletRpcError(-32602, 'Invalid params: txID is not the hash of raw_data_hex')
    const owner = tx.raw_data?.contract?.[0]?.parameter?.value?.owner_address
    if ((isBase58Address(owner) ? toHexAddress(owner) : String(owner).toLowerCase()) !== toHexAddress(address)) throw new WalletRpcError(4100, 'The transaction is not from this account')
    return { ...structuredClone(tx), signature: [signDigest(hexToBytes(tx.txID), side.privateKey)] }
  }
  throw new WalletRpcError(4200, `${method} is not supported`)
}
