import { Secp256k1HdWallet, type StdSignDoc } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import * as v from 'valibot'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The cosmos namespace of the WalletConnect test wallet (WalletConnect's Cosmos RPC:
// cosmos_getAccounts, cosmos_signDirect, cosmos_signAmino), signing with CosmJS's own wallets.

export const COSMOS_HUB = 'cosmos:cosmoshub-4'

const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64'))
const SignDirect = v.object({
  signerAddress: v.string(),
  signDoc: v.object({ chainId: v.string(), accountNumber: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d+$/)), authInfoBytes: Base64, bodyBytes: Base64 }),
})
const Coin = v.object({ denom: v.string(), amount: v.string() })
const SignAmino = v.object({
  signerAddress: v.string(),
  signDoc: v.object({
    chain_id: v.string(),
    account_number: v.string(),
    sequence: v.string(),
    fee: v.looseObject({ amount: v.array(Coin), gas: v.string() }),
    msgs: v.array(v.object({ type: v.string(), value: v.unknown() })),
    memo: v.string(),
    timeout_height: v.optional(v.string()),
  }),
})

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new ChainRequestError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

export async function cosmosHandler({ mnemonic = DEMO_MNEMONIC }: { mnemonic?: string } = {}): Promise<ChainHandler> {
  const direct = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: 'cosmos' })
  const amino = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: 'cosmos' })
  const [account] = await direct.getAccounts()
  const requireSelf = (address: string) => {
    if (address !== account!.address) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  return {
    namespace: 'cosmos',
    chains: [COSMOS_HUB],
    address: account!.address,
    methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
    events: [],
    async answer(method, params) {
      if (method === 'cosmos_getAccounts') return [{ algo: account!.algo, address: account!.address, pubkey: toBase64(account!.pubkey) }]
      if (method === 'cosmos_signDirect') {
        const { signerAddress, signDoc } = parse(SignDirect, params)
        requireSelf(signerAddress)
        const { signed, signature } = await direct.signDirect(signerAddress, {
          chainId: signDoc.chainId,
          accountNumber: BigInt(signDoc.accountNumber),
          authInfoBytes: fromBase64(signDoc.authInfoBytes),
          bodyBytes: fromBase64(signDoc.bodyBytes),
        })
        return {
          signature,
          signed: { chainId: signed.chainId, accountNumber: signed.accountNumber.toString(), authInfoBytes: toBase64(signed.authInfoBytes), bodyBytes: toBase64(signed.bodyBytes) },
        }
      }
      if (method === 'cosmos_signAmino') {
        const { signerAddress, signDoc } = parse(SignAmino, params)
        requireSelf(signerAddress)
        return amino.signAmino(signerAddress, signDoc as StdSignDoc)
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
