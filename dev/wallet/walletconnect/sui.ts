import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { SuiJsonRpcClient } from '@mysten/sui/jsonRpc'
import { Transaction } from '@mysten/sui/transactions'
import * as v from 'valibot'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { demoSuiKeypair } from '../../sui/keys.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The Sui namespace of the WalletConnect test wallet (WalletConnect's Sui RPC: sui_signPersonalMessage,
// sui_signTransaction, sui_signAndExecuteTransaction), signing with @mysten/sui's own keypair.
// On a chain it has a node for (`rpcUrls`: the local one, dev/sui) it builds what arrives unbuilt
// (gas coins, price, budget from a dry run) and executes; elsewhere it signs what arrives fully built.

export const SUI_CHAINS = ['sui:mainnet', 'sui:testnet', 'sui:devnet']

const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/, 'expected a Sui address'))
/** `{ message, address }` as WalletConnect specifies it; some dApps send `[message]`. */
const PersonalMessageParams = v.union([
  v.object({ message: v.string(), address: v.optional(Address) }),
  v.pipe(v.tuple([v.string()]), v.transform(([message]) => ({ message, address: undefined }))),
])
const TransactionParams = v.object({ transaction: v.string(), address: v.optional(Address) })

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new ChainRequestError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

/** `rpcUrls`: CAIP-2 chain → the JSON-RPC URL of a node of it (e.g. `{ 'sui:localnet': localSui.url }`). */
export function suiHandler({ mnemonic = DEMO_MNEMONIC, rpcUrls = {} }: { mnemonic?: string; rpcUrls?: Record<string, string> } = {}): ChainHandler & { keypair: Ed25519Keypair } {
  const keypair = demoSuiKeypair(mnemonic)
  const address = keypair.toSuiAddress()
  const requireSelf = (asked?: string) => {
    if (asked && asked !== address) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  const clients = new Map<string, SuiJsonRpcClient>()
  const clientFor = (chainId: string) => {
    const url = rpcUrls[chainId]
    if (!url) return undefined
    if (!clients.has(chainId)) clients.set(chainId, new SuiJsonRpcClient({ url, network: 'localnet' }))
    return clients.get(chainId)
  }
  /** The transaction's bytes: built against the chain's node when the wallet has one, else as they arrived. */
  const build = async (transaction: string, chainId: string) => {
    const client = clientFor(chainId)
    try {
      const tx = Transaction.from(transaction)
      tx.setSenderIfNotSet(address)
      return await tx.build(client ? { client } : {})
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new ChainRequestError(-32602, client ? `Invalid params: the transaction cannot be built (${reason})` : `Invalid params: the transaction must arrive fully built (${reason})`)
    }
  }
  return {
    namespace: 'sui',
    chains: [...SUI_CHAINS, ...Object.keys(rpcUrls).filter((c) => !SUI_CHAINS.includes(c))],
    address,
    keypair,
    methods: ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'],
    events: [],
    async answer(method, params, chainId) {
      if (method === 'sui_signPersonalMessage') {
        const { message, address: asked } = parse(PersonalMessageParams, params)
        requireSelf(asked)
        const { signature } = await keypair.signPersonalMessage(new TextEncoder().encode(message))
        return { signature }
      }
      if (method === 'sui_signTransaction') {
        const { transaction, address: asked } = parse(TransactionParams, params)
        requireSelf(asked)
        const { signature, bytes: transactionBytes } = await keypair.signTransaction(await build(transaction, chainId))
        return { signature, transactionBytes }
      }
      if (method === 'sui_signAndExecuteTransaction') {
        const { transaction, address: asked } = parse(TransactionParams, params)
        requireSelf(asked)
        const client = clientFor(chainId)
        if (!client) throw new ChainRequestError(4200, `sui_signAndExecuteTransaction needs a node of ${chainId}; this wallet has one for ${Object.keys(rpcUrls).join(', ') || 'no chain'}`)
        const { signature, bytes } = await keypair.signTransaction(await build(transaction, chainId))
        let result: Awaited<ReturnType<SuiJsonRpcClient['executeTransactionBlock']>>
        try {
          result = await client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true } })
        } catch (error) {
          // The node refused it (a stale coin, a bad signature...): the dApp gets the node's words.
          throw new ChainRequestError(-32000, error instanceof Error ? error.message : String(error))
        }
        const status = result.effects?.status
        if (status?.status !== 'success') throw new ChainRequestError(-32000, `Transaction ${result.digest} failed: ${status?.error ?? 'unknown status'}`)
        return { digest: result.digest, bytes, signature }
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
