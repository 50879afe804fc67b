import { base58Encode } from './base58'

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }
type SolanaSigner = { signMessage(message: Uint8Array): Promise<Uint8Array> }
type BitcoinSigner = { signMessage(params: { message: string; address: string }): Promise<unknown> }

const toHex = (text: string) => `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Has the connected wallet sign a text: personal_sign on EIP-1193 providers, solana:signMessage
 * (base58 signature out) on Wallet Standard ones, solana_signMessage over WalletConnect, a
 * BitcoinConnector's signMessage for bip122.
 */
export async function signWithProvider(provider: unknown, namespace: string, address: string, message: string): Promise<string> {
  if (!provider || typeof provider !== 'object') throw new Error('Provider not found.')
  if (namespace === 'solana') {
    const bytes = new TextEncoder().encode(message)
    if (typeof (provider as SolanaSigner).signMessage === 'function') return base58Encode(await (provider as SolanaSigner).signMessage(bytes))
    const result = await (provider as Eip1193).request({ method: 'solana_signMessage', params: { message: base58Encode(bytes), pubkey: address } })
    const signature = (result as { signature?: unknown })?.signature
    if (typeof signature !== 'string') throw new Error('Sign message failed')
    return signature
  }
  // bip122: AppKit's BitcoinConnector.signMessage, the wallet's own protocol (BIP-322, or BIP-137 ECDSA).
  const signature = namespace === 'bip122' ? await (provider as BitcoinSigner).signMessage({ message, address }) : await (provider as Eip1193).request({ method: 'personal_sign', params: [toHex(message), address] })
  if (typeof signature !== 'string') throw new Error('Sign message failed')
  return signature
}
