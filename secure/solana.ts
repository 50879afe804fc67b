// The embedded wallet's Solana account: an ed25519 key derived from the user's custody secret (the
// joined secp256k1 key) by HKDF-SHA256, so every device that unlocks the same shares gets the same
// Solana address and no second secret needs storing. The derivation is one-way: the Solana key
// reveals nothing about the EVM key.
import * as v from 'valibot'
import {
  createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, getBase58Decoder, getBase58Encoder, getBase64Decoder,
  getTransactionDecoder, getTransactionEncoder, partiallySignTransaction, signBytes,
} from '@solana/kit'
import { SolanaSendOptions } from '../src/utils/frame-messages'
import { solana, solanaDevnet, solanaLocal, solanaTestnet } from '../src/networks/others'
import type { ApprovalDetails } from './approve'
import { describeBytes } from './describe/message'
import { refuseForeignSignIn } from './describe/sign-in'
import { describeSolanaMessage, isTransactionMessage, rpcLookupTables } from './describe/solana-instructions'
import { rpcAccounts, splTokenReader } from './describe/solana-tokens'
import { RpcError } from './rpc'

export interface SolanaKey { address: string; keyPair: CryptoKeyPair }

const utf8 = (text: string) => new TextEncoder().encode(text)
const hexBytes = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g)!.map((b) => parseInt(b, 16)))

/** HKDF-SHA256(ikm = custody secret, salt 'postern', info 'postern/solana/ed25519/v1') → the ed25519 seed. */
async function seedFrom(secret: `0x${string}`): Promise<Uint8Array> {
  const ikm = await crypto.subtle.importKey('raw', hexBytes(secret), 'HKDF', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: utf8('postern'), info: utf8('postern/solana/ed25519/v1') }, ikm, 256))
}
export async function solanaKeyFrom(secret: `0x${string}`): Promise<SolanaKey> {
  const keyPair = await createKeyPairFromPrivateKeyBytes(await seedFrom(secret)) // not extractable
  return { address: await getAddressFromPublicKey(keyPair.publicKey), keyPair }
}

/** The Solana secret key as wallets import it: base58 of seed (32 bytes) then public key (32 bytes). */
export async function solanaSecretFrom(secret: `0x${string}`): Promise<string> {
  const seed = await seedFrom(secret)
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(seed)
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', publicKey))
  const full = new Uint8Array(64)
  full.set(seed)
  full.set(pub, 32)
  return getBase58Decoder().decode(full)
}

const Base58 = v.pipe(v.string(), v.maxLength(8192), v.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const SignMessage = v.object({ message: Base58, pubkey: v.optional(Base58) })
const SignTransaction = v.object({ transaction: Base58 })
const SignAll = v.object({ transactions: v.pipe(v.array(Base58), v.minLength(1), v.maxLength(32)) })
const SignAndSend = v.object({ transaction: Base58, options: v.optional(v.nullable(SolanaSendOptions)) })

export interface SolanaContext {
  key: SolanaKey
  chainId: string | number | undefined
  rpcUrl: string | undefined
  origin: string
  approve(details: ApprovalDetails): Promise<boolean>
}

const parse = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new RpcError('Invalid params', -32602)
  return result.output
}
const b58 = { toBytes: (s: string) => new Uint8Array(getBase58Encoder().encode(s)), toText: (b: Uint8Array) => getBase58Decoder().decode(b) }

function decodeTx(text: string) {
  try {
    return getTransactionDecoder().decode(b58.toBytes(text))
  } catch {
    throw new RpcError('Invalid transaction', -32602)
  }
}

/** What the approval shows: every instruction decoded, lookup tables and token mints read through the RPC. */
function describe(ctx: SolanaContext, tx: ReturnType<typeof decodeTx>): Promise<[string, string][]> {
  const accounts = rpcAccounts(ctx.rpcUrl)
  return describeSolanaMessage(new Uint8Array(tx.messageBytes), rpcLookupTables(accounts), splTokenReader(accounts))
}

async function sign(ctx: SolanaContext, text: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(getTransactionEncoder().encode(await partiallySignTransaction([ctx.key.keyPair], decodeTx(text))))
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError('The transaction does not ask for this account\'s signature', -32602)
  }
}

async function send(rpcUrl: string | undefined, wire: Uint8Array, options: v.InferOutput<typeof SolanaSendOptions> | null | undefined): Promise<string> {
  if (!rpcUrl) throw new RpcError('No RPC endpoint for this network', -32603)
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [getBase64Decoder().decode(wire), { ...options, encoding: 'base64' }] }) })
  const json = await res.json() as { result?: unknown; error?: { message?: string; code?: number } }
  if (json.error || typeof json.result !== 'string') throw new RpcError(json.error?.message ?? 'The transaction was not sent', json.error?.code ?? -32603)
  return json.result
}

/** The Solana networks the frame serves, by the CAIP-2 id the modal sends ('solana' when it sends none). */
const SOLANA_NETWORKS: Record<string, string> = {
  'solana': solana.name, ...Object.fromEntries([solana, solanaDevnet, solanaTestnet, solanaLocal].map((n) => [n.caipNetworkId, n.name])),
}

/** solana_* requests: each shown in the frame for approval first, as AppKit's auth provider sends them. */
export async function handleSolanaRpc(ctx: SolanaContext, method: string, params: unknown): Promise<unknown> {
  const address = ctx.key.address
  // The page names the network: only as one the frame knows, never as text of its own in the approval.
  const network = String(ctx.chainId ?? 'solana')
  const networkRow = (): [string, string] => {
    const name = Object.hasOwn(SOLANA_NETWORKS, network) ? SOLANA_NETWORKS[network] : undefined
    if (!name) throw new RpcError('Chain is not supported', -32602)
    return ['Network', `${name} (${network})`]
  }
  const ask = async (details: Omit<ApprovalDetails, 'origin'>) => {
    if (!(await ctx.approve({ ...details, origin: ctx.origin }))) throw new RpcError('User rejected the request.', 4001)
  }
  switch (method) {
    case 'solana_signMessage': {
      const { message, pubkey } = parse(SignMessage, params)
      if (pubkey && pubkey !== address) throw new RpcError('The message asks for another account', -32602)
      const bytes = b58.toBytes(message)
      // A signature over a transaction's bytes would let the site send it (with a durable nonce, at any time).
      if (isTransactionMessage(bytes)) throw new RpcError('This message is a transaction; use signTransaction', -32602)
      refuseForeignSignIn(bytes, ctx.origin)
      await ask({ title: 'Sign message', rows: [['Account', address]], ...describeBytes(bytes) })
      return { signature: b58.toText(new Uint8Array(await signBytes(ctx.key.keyPair.privateKey, bytes))) }
    }
    case 'solana_signTransaction': {
      const { transaction } = parse(SignTransaction, params)
      await ask({ title: 'Sign transaction', rows: [['Account', address], networkRow(), ...(await describe(ctx, decodeTx(transaction)))] })
      return { transaction: b58.toText(await sign(ctx, transaction)) }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = parse(SignAll, params)
      await ask({ title: `Sign ${transactions.length} transactions`, rows: [['Account', address], networkRow(), ...(await Promise.all(transactions.map((t) => describe(ctx, decodeTx(t))))).flat()] })
      const signed: string[] = []
      for (const t of transactions) signed.push(b58.toText(await sign(ctx, t)))
      return { transactions: signed }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, options } = parse(SignAndSend, params)
      await ask({ title: 'Send transaction', rows: [['Account', address], networkRow(), ...(await describe(ctx, decodeTx(transaction)))] })
      return { signature: await send(ctx.rpcUrl, await sign(ctx, transaction), options) }
    }
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: address }]
    default:
      throw new RpcError('Requested RPC call is not allowed', 4200)
  }
}
