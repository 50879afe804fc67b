import {
  deserializeCV,
  deserializeTransaction,
  getAddressFromPrivateKey,
  privateKeyToPublic,
  signMessageHashRsv,
  signStructuredData,
  TransactionSigner,
} from '@stacks/transactions'
import { hashMessage } from '@stacks/encryption'
import { sha256 } from '@noble/hashes/sha2.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { mnemonicToAccount } from 'viem/accounts'
import * as v from 'valibot'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { ChainRequestError, type ChainHandler } from './chain-handler.ts'

// The Stacks namespace of the WalletConnect test wallet (WalletConnect's Stacks RPC:
// stx_getAddresses, stx_signMessage with utf8 or SIP-018 structured messages, stx_signTransaction),
// signing with @stacks/transactions. No Stacks node runs here: transactions arrive built (fee and
// nonce set) and are signed, never broadcast; stx_transferStx is not offered.

/** Stacks mainnet's CAIP-2 id (SIP-005 chain id 1). */
export const STACKS_CHAINS = ['stacks:1']
/** The path Stacks wallets (Leather, Xverse) derive their first STX account on. */
const STACKS_PATH = "m/44'/5757'/0'/0/0"

const Address = v.pipe(v.string(), v.regex(/^S[PM][0-9A-HJKMNP-TV-Z]{38,40}$/, 'expected a Stacks mainnet address'))
const Network = v.optional(v.picklist(['mainnet', 'testnet', 'devnet'], 'network must be mainnet, testnet or devnet'))
const Hex = v.pipe(v.string(), v.transform((s) => s.replace(/^0x/, '')), v.regex(/^([0-9a-fA-F]{2})+$/, 'expected hex'))
const SignMessage = v.object({ address: v.optional(Address), message: v.string(), messageType: v.optional(v.picklist(['utf8', 'structured'])), domain: v.optional(Hex), network: Network })
const SignTransaction = v.object({ transaction: Hex, broadcast: v.optional(v.boolean()), network: Network })

function parse<S extends v.GenericSchema>(schema: S, params: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (!result.success) throw new ChainRequestError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
  return result.output
}

const invalid = (what: string, error: unknown) => new ChainRequestError(-32602, `Invalid params: ${what} (${error instanceof Error ? error.message : String(error)})`)

export function stacksHandler({ mnemonic = DEMO_MNEMONIC }: { mnemonic?: string } = {}): ChainHandler & { publicKey: string } {
  const secret = mnemonicToAccount(mnemonic, { path: STACKS_PATH as `m/44'/60'/${string}` }).getHdKey().privateKey!
  // Stacks keys carry a 01 suffix for a compressed public key, as wallets export them.
  const privateKey = `${bytesToHex(secret)}01`
  const publicKey = privateKeyToPublic(privateKey) as string
  const address = getAddressFromPrivateKey(privateKey, 'mainnet')
  const signerHash = bytesToHex(ripemd160(sha256(hexToBytes(publicKey))))
  const addresses = { addresses: [{ symbol: 'STX', address, publicKey }] }
  const requireSelf = (asked?: string) => {
    if (asked && asked !== address) throw new ChainRequestError(4100, 'The requested account has not been authorized by the user.')
  }
  const requireMainnet = (network?: string) => {
    if (network && network !== 'mainnet') throw new ChainRequestError(4100, `The wallet serves Stacks mainnet, not ${network}`)
  }
  return {
    namespace: 'stacks',
    chains: STACKS_CHAINS,
    address,
    publicKey,
    methods: ['stx_getAddresses', 'stx_signMessage', 'stx_signTransaction'],
    events: ['stx_chainChanged', 'stx_accountsChanged'],
    // WalletConnect's Stacks guide: the addresses in the session, so a site need not ask again.
    sessionProperties: { stacks_getAddresses: JSON.stringify(addresses) },
    async answer(method, params) {
      if (method === 'stx_getAddresses') return addresses
      if (method === 'stx_signMessage') {
        const { address: asked, message, messageType, domain, network } = parse(SignMessage, params)
        requireSelf(asked)
        requireMainnet(network)
        if (messageType !== 'structured') return { signature: signMessageHashRsv({ messageHash: bytesToHex(hashMessage(message)), privateKey }), publicKey }
        // SIP-018: the message and its domain are Clarity values, hex-serialized.
        if (!domain) throw new ChainRequestError(-32602, 'Invalid params: a structured message needs its domain')
        let values: { message: ReturnType<typeof deserializeCV>; domain: ReturnType<typeof deserializeCV> }
        try {
          values = { message: deserializeCV(message.replace(/^0x/, '')), domain: deserializeCV(domain) }
        } catch (error) {
          throw invalid('message and domain must be serialized Clarity values', error)
        }
        return { signature: signStructuredData({ ...values, privateKey }), publicKey }
      }
      if (method === 'stx_signTransaction') {
        const { transaction, broadcast, network } = parse(SignTransaction, params)
        requireMainnet(network)
        if (broadcast) throw new ChainRequestError(-32603, 'No Stacks node is reachable from this wallet: it signs, it does not broadcast')
        let tx: ReturnType<typeof deserializeTransaction>
        try {
          tx = deserializeTransaction(transaction)
        } catch (error) {
          throw invalid('the transaction does not decode', error)
        }
        const origin = tx.auth.spendingCondition as { signer?: string }
        if (origin.signer !== signerHash) throw new ChainRequestError(4100, 'The transaction is not from this account')
        new TransactionSigner(tx).signOrigin(privateKey)
        return { transaction: tx.serialize() }
      }
      throw new ChainRequestError(4200, `Unsupported method ${method}`)
    },
  }
}
