// BIP-322 "simple" message signatures (https://github.com/bitcoin/bips/blob/master/bip-0322.mediawiki)
// built from @scure/btc-signer's transaction and sighash code: the virtual to_spend and to_sign
// transactions, signed and checked as any P2WPKH or P2TR (key path) input. Sign-in (postern/siwx's
// BIP122Verifier, the reference server) verifies with it; the test wallets sign with it. Browser-safe.
import * as btc from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js'

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const utf8 = (text: string | Uint8Array) => (typeof text === 'string' ? new TextEncoder().encode(text) : text)
const TAG = sha256(utf8('BIP0322-signed-message'))

/** The message's tagged hash (BIP-340 style, tag "BIP0322-signed-message"). */
export const messageHash = (message: string | Uint8Array) => sha256(concatBytes(TAG, TAG, utf8(message)))

/** to_spend: a version 0 transaction spending nothing, its one output the address's script. Its txid (hex). */
export function toSpendTxid(challenge: Uint8Array, message: string | Uint8Array): string {
  const raw = btc.RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: concatBytes(Uint8Array.of(0x00, 0x20), messageHash(message)), sequence: 0 }],
    outputs: [{ amount: 0n, script: challenge }],
    witnesses: [],
    lockTime: 0,
  })
  return bytesToHex(sha256(sha256(raw)).reverse())
}

/** to_sign, unsigned: spends to_spend's output to OP_RETURN, version 0, sequence 0. */
export function toSign(challenge: Uint8Array, message: string | Uint8Array, tapInternalKey?: Uint8Array): btc.Transaction {
  const tx = new btc.Transaction({ version: 0, allowUnknownOutputs: true })
  tx.addInput({ txid: toSpendTxid(challenge, message), index: 0, sequence: 0, witnessUtxo: { script: challenge, amount: 0n }, ...(tapInternalKey && { tapInternalKey }) })
  tx.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  return tx
}

const challengeOf = (address: string, network: typeof btc.NETWORK) => btc.OutScript.encode(btc.Address(network).decode(address))

/** Signs for a P2WPKH or P2TR address with its secret key: the witness, serialized and base64 encoded. */
export function signBip322(message: string | Uint8Array, address: string, secretKey: Uint8Array, network: typeof btc.NETWORK = btc.NETWORK): string {
  const challenge = challengeOf(address, network)
  const type = btc.OutScript.decode(challenge).type
  if (type !== 'wpkh' && type !== 'tr') throw new Error(`BIP-322 simple signing supports P2WPKH and P2TR, not ${type}`)
  const tx = toSign(challenge, message, type === 'tr' ? schnorr.getPublicKey(secretKey) : undefined)
  tx.signIdx(secretKey, 0)
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: no witness after signing')
  return btoa(String.fromCharCode(...btc.RawWitness.encode(witness)))
}

/** Whether a BIP-322 simple signature (base64 witness) proves the message for the P2WPKH or P2TR address. */
export function verifyBip322(message: string | Uint8Array, address: string, signature: string, network: typeof btc.NETWORK = btc.NETWORK): boolean {
  try {
    const challenge = challengeOf(address, network)
    const decoded = btc.OutScript.decode(challenge)
    const witness = btc.RawWitness.decode(Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)))
    const tx = toSign(challenge, message)
    if (decoded.type === 'wpkh') {
      if (witness.length !== 2) return false
      const [sig, pub] = witness as [Uint8Array, Uint8Array]
      if (pub.length !== 33 || !sameBytes(ripemd160(sha256(pub)), decoded.hash)) return false
      const hashType = sig[sig.length - 1]!
      if (hashType !== btc.SigHash.ALL) return false
      const scriptCode = btc.OutScript.encode({ type: 'pkh', hash: decoded.hash })
      const digest = tx.preimageWitnessV0(0, scriptCode, hashType, 0n)
      return secp256k1.verify(sig.subarray(0, -1), digest, pub, { prehash: false, format: 'der', lowS: false })
    }
    if (decoded.type === 'tr') {
      if (witness.length !== 1) return false
      const sig = witness[0]!
      if (sig.length !== 64 && !(sig.length === 65 && sig[64] === btc.SigHash.ALL)) return false
      const hashType = sig.length === 64 ? btc.SigHash.DEFAULT : sig[64]!
      const digest = tx.preimageWitnessV1(0, [challenge], hashType, [0n])
      return schnorr.verify(sig.subarray(0, 64), digest, decoded.pubkey)
    }
    return false
  } catch {
    return false
  }
}

export { bytesToHex, hexToBytes }
