import * as v from 'valibot'
import { PosternError } from '../../utils/errors'

// What every Bitcoin provider checks, written once: the site's arguments to AppKit's
// BitcoinConnector methods (refused with -32602 before any wallet sees them) and the answers
// wallets give (a malformed one is an invalid response, never passed on to the site).

export const SignMessageParams = v.object({ message: v.string(), address: v.string(), protocol: v.optional(v.picklist(['ecdsa', 'bip322'])) })
export const SendTransferParams = v.object({
  amount: v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'amount must be a whole number of satoshis')),
  recipient: v.pipe(v.string(), v.minLength(14)),
})
export const SignPsbtParams = v.object({
  psbt: v.pipe(v.string(), v.minLength(1)),
  signInputs: v.array(
    v.looseObject({
      address: v.string(),
      index: v.pipe(v.number(), v.integer(), v.minValue(0)),
      sighashTypes: v.optional(v.array(v.number())),
      publicKey: v.optional(v.string()),
      disableTweakSigner: v.optional(v.boolean()),
      useTweakedSigner: v.optional(v.boolean()),
    }),
  ),
  broadcast: v.optional(v.boolean()),
})

/** The site's arguments, checked: a bad one is the JSON-RPC invalid-params error naming the method. */
export function params<S extends v.GenericSchema>(schema: S, value: unknown, method: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new PosternError(`${method}: ${parsed.issues[0].message}`, -32602)
  return parsed.output
}

export const Address = v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{14,100}$/, 'not a Bitcoin address'))
export const Txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'not a transaction id'))
export const Base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'))
export const HexBytes = v.pipe(v.string(), v.regex(/^(0x)?([0-9a-fA-F]{2})+$/, 'not hex'))

export const TxidResult = v.looseObject({ txid: Txid })
export const PsbtResult = v.looseObject({ psbt: v.pipe(v.string(), v.minLength(1)), txid: v.optional(v.string()) })

/** A wallet's answer, checked: a malformed one never reaches the site. */
export function checked<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
  return parsed.output
}
