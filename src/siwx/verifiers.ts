// AppKit's default verifiers: EIP-155 through viem's verifyMessage on the network's RPC (so
// EIP-1271 and EIP-6492 smart accounts verify too; every endpoint, the spec's retry and timeout), Solana by ed25519 (Web Crypto) over the message bytes.
// Bitcoin (BIP-322, BIP-137) in a chunk of its own, loaded only when a bip122 session is checked.
import type { Transport } from 'viem'
import type { SIWXSession } from '../types'
import { getCurrentInstance } from '../instance'
import { rpcUrlsFor } from '../signals/adapters'
import { rpcTransport } from '../utils/rpc'
import { base58Decode } from '../utils/base58'
import { netOfChainId } from '../utils/bitcoin-chains'
import { SIWXVerifier } from './core'

export class EIP155Verifier extends SIWXVerifier {
  public readonly chainNamespace = 'eip155' as const

  public async verify(session: SIWXSession): Promise<boolean> {
    const store = getCurrentInstance()?.store
    const network = store?.network.networks.peek().find((n) => n.caipNetworkId === session.data.chainId)
    if (!store || !network) throw new Error('EIP155.verify: CaipNetwork not found')
    try {
      const { createPublicClient, fallback, http } = await import('viem')
      // Smart accounts verify on chain: through every endpoint of the network, as the balance reads.
      const client = createPublicClient({ transport: rpcTransport<Transport, Transport>({ http, fallback }, rpcUrlsFor(store, network)) })
      return await client.verifyMessage({
        message: session.message.toString(),
        signature: session.signature as `0x${string}`,
        address: session.data.accountAddress as `0x${string}`,
      })
    } catch {
      return false
    }
  }
}

export class SolanaVerifier extends SIWXVerifier {
  public readonly chainNamespace = 'solana' as const

  public async verify(session: SIWXSession): Promise<boolean> {
    try {
      const publicKey = base58Decode(session.data.accountAddress)
      const signature = base58Decode(session.signature)
      const message = new TextEncoder().encode(session.message.toString()) as Uint8Array<ArrayBuffer>
      // Ed25519 in Web Crypto: Chromium 137+, Firefox 129+, Safari 17+, Node 20.
      const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])
      return await crypto.subtle.verify({ name: 'Ed25519' }, key, signature, message)
    } catch {
      return false
    }
  }
}

/** AppKit's BIP122Verifier: BIP-322 or (a 65-byte ECDSA signature) BIP-137, for an address of the session's chain. */
export class BIP122Verifier extends SIWXVerifier {
  public readonly chainNamespace = 'bip122' as const

  public async verify(session: SIWXSession): Promise<boolean> {
    try {
      const { verifyBitcoinMessage } = await import('../lazy/bitcoin/message')
      return !!verifyBitcoinMessage(session.data.accountAddress, session.message.toString(), session.signature, netOfChainId(session.data.chainId))
    } catch {
      return false
    }
  }
}
