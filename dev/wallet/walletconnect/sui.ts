import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import * as v from 'valibot'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The Sui namespace of the WalletConnect test wallet (WalletConnect's Sui RPC: sui_signPersonalMessage,
// sui_signTransaction), signing with @mysten/sui's own keypair. No Sui node runs here, so the wallet
// signs transactions that arrive fully built (gas, budget and price set) and executes none.

export const SUI_CHAINS = ['sui:mainnet', 'sui:testnet', 'sui:devnet']
/** The path Sui wallets derive their first ed25519 account on (SLIP-0010, coin type 784). */
const SUI_PATH = "m/44'/784'/0'/0'/0'"

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

export function suiHandler({ mnemonic = DEMO_MNEMONIC }: { mnemonic?: string } = {}): ChainHandler & { keypair: Ed25519Keypair } {
  const keypair = Ed25519Keypair.deriveKeypair(mnemonic, SUI_PATH)
  const address = keypair.toSuiAddress()
  const requireSelf = (asked?: string) => {
    if (asked && asked !== address) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  return {
    namespace: 'sui',
    chains: SUI_CHAINS,
    address,
    keypair,
    methods: ['sui_signPersonalMessage', 'sui_signTransaction'],
    events: [],
    async answer(method, params) {
      if (method === 'sui_signPersonalMessage') {
        const { message, address: asked } = parse(PersonalMessageParams, params)
        requireSelf(asked)
        const { signature } = await keypair.signPersonalMessage(new TextEncoder().encode(message))
        return { signature }
      }
      if (method === 'sui_signTransaction') {
        const { transaction, address: asked } = parse(TransactionParams, params)
        requireSelf(asked)
        let bytes: Uint8Array
        try {
          bytes = await Transaction.from(transaction).build()
        } catch (error) {
          throw new ChainRequestError(-32602, `Invalid params: the transaction must arrive fully built (${error instanceof Error ? error.message : String(error)})`)
        }
        const { signature, bytes: transactionBytes } = await keypair.signTransaction(bytes)
        return { signature, transactionBytes }
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
