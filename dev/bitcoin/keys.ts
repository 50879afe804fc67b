// The regtest network's address format and the demo accounts of the local ledger: a native
// segwit payment address and a taproot ordinal address each, from keys derived by name (never
// to be used anywhere else). Browser-safe: the test wallet derives its addresses with this too.
import * as btc from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'

/** Bitcoin Core's regtest: bech32 'bcrt', base58 versions of testnet. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
/** networks.bitcoinRegtest: the first 32 hex digits of regtest's genesis block hash. */
export const REGTEST_CAIP = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface BitcoinKeyAccount {
  /** Native segwit (P2WPKH): what pays. */
  payment: { address: string; publicKey: string; secretKey: string }
  /** Taproot (P2TR, key path): what holds ordinals. */
  ordinal: { address: string; publicKey: string; secretKey: string }
}

/** The addresses of a pair of secret keys (hex), on a network (regtest by default). */
export function accountFromKeys(paymentKey: string, ordinalKey: string, network: typeof btc.NETWORK = REGTEST): BitcoinKeyAccount {
  const paymentPub = secp256k1.getPublicKey(hexToBytes(paymentKey), true)
  const ordinalPub = schnorr.getPublicKey(hexToBytes(ordinalKey))
  return {
    payment: { address: btc.p2wpkh(paymentPub, network).address!, publicKey: bytesToHex(paymentPub), secretKey: paymentKey },
    ordinal: { address: btc.p2tr(ordinalPub, undefined, network).address!, publicKey: bytesToHex(ordinalPub), secretKey: ordinalKey },
  }
}

/** Bitcoin mainnet's CAIP-2 id: a local ledger can write its addresses too (networks.bitcoin). */
export const MAINNET_CAIP = 'bip122:000000000019d6689c085ae165831e93'
/** Bitcoin testnet's CAIP-2 id (networks.bitcoinTestnet): a local ledger writing tb1… addresses. */
export const TESTNET_CAIP = 'bip122:000000000933ea01ad0ee984209779ba'

/** The address encodings a local ledger or test wallet writes: regtest's (bcrt1…), testnet's (tb1…, signet's too) or mainnet's (bc1…). */
export type BitcoinNetName = 'regtest' | 'testnet' | 'mainnet'
export const ENCODINGS: Record<BitcoinNetName, typeof btc.NETWORK> = { regtest: REGTEST, testnet: btc.TEST_NETWORK, mainnet: btc.NETWORK }
/** The CAIP-2 id a local ledger of that encoding serves. */
export const CAIP_OF: Record<BitcoinNetName, string> = { regtest: REGTEST_CAIP, testnet: TESTNET_CAIP, mainnet: MAINNET_CAIP }
/** The encoding of a Wallet Standard chain (bitcoin:mainnet, ...) or a CAIP-2 id; undefined when neither is Bitcoin's. */
export function encodingOfChain(chain: string): BitcoinNetName | undefined {
  if (chain === 'bitcoin:mainnet' || chain === MAINNET_CAIP) return 'mainnet'
  if (chain === 'bitcoin:regtest' || chain === REGTEST_CAIP) return 'regtest'
  if (chain === 'bitcoin:testnet' || chain === 'bitcoin:signet' || chain === TESTNET_CAIP || chain === 'bip122:00000008819873e925422c1ff0f99f7c') return 'testnet'
  return undefined
}

/** Demo account i of the local ledger (its regtest addresses, or with `network` that network's). */
export function demoBitcoinAccount(i: number, network: typeof btc.NETWORK = REGTEST): BitcoinKeyAccount {
  const key = (label: string) => bytesToHex(sha256(new TextEncoder().encode(`postern bitcoin demo ${i} ${label}`)))
  return accountFromKeys(key('payment'), key('ordinal'), network)
}
