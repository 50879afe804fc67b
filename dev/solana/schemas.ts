import * as v from 'valibot'
import { isAddress, isBlockhash, isSignature, type Address } from '@solana/kit'
import { invalidParams } from './errors.ts'

/**
 * valibot schemas for the params of every method. Params are positional arrays; trailing
 * configuration objects are optional; unknown config keys are ignored, as agave's serde does.
 */

/** Failing this check gives agave's message for a malformed public key. */
const INVALID = 'Invalid param: Invalid'

const u64 = v.pipe(v.number(), v.integer(), v.minValue(0))
const commitment = v.picklist(['processed', 'confirmed', 'finalized'])
export const AddressParam = v.pipe(v.string(), v.check((s) => isAddress(s), INVALID), v.transform((s) => s as Address))
const SignatureParam = v.pipe(v.string(), v.check((s) => isSignature(s), INVALID))
const BlockhashParam = v.pipe(v.string(), v.check((s) => isBlockhash(s), INVALID))
const WireEncoding = v.picklist(['base58', 'base64'])

const contextEntries = { commitment: v.optional(commitment), minContextSlot: v.optional(u64) }
export const ContextConfig = v.object(contextEntries)
export const AccountInfoConfig = v.object({
  ...contextEntries,
  encoding: v.optional(v.picklist(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])),
  dataSlice: v.optional(v.object({ offset: u64, length: u64 })),
})
export type AccountInfoConfig = v.InferOutput<typeof AccountInfoConfig>

export const NoParams = v.strictTuple([])
export const OptionalContext = v.strictTuple([v.optional(ContextConfig)])
export const AddressWithContext = v.strictTuple([AddressParam, v.optional(ContextConfig)])
export const AddressWithAccountConfig = v.strictTuple([AddressParam, v.optional(AccountInfoConfig)])
export const AddressesWithAccountConfig = v.strictTuple([
  v.pipe(v.array(AddressParam), v.maxLength(100, 'Too many inputs provided; max 100')),
  v.optional(AccountInfoConfig),
])
export const RentExemption = v.strictTuple([u64, v.optional(v.object({ commitment: v.optional(commitment) }))])
export const BlockhashWithContext = v.strictTuple([BlockhashParam, v.optional(ContextConfig)])
export const MessageWithContext = v.strictTuple([v.string(), v.optional(ContextConfig)])

export const SimulateParams = v.strictTuple([
  v.string(),
  v.optional(
    v.object({
      ...contextEntries,
      sigVerify: v.optional(v.boolean()),
      replaceRecentBlockhash: v.optional(v.boolean()),
      encoding: v.optional(WireEncoding),
      innerInstructions: v.optional(v.boolean()),
      accounts: v.optional(
        v.object({
          addresses: v.array(AddressParam),
          encoding: v.optional(v.picklist(['base58', 'base64', 'base64+zstd', 'jsonParsed'])),
        }),
      ),
    }),
  ),
])

export const SendParams = v.strictTuple([
  v.string(),
  v.optional(
    v.object({
      skipPreflight: v.optional(v.boolean()),
      preflightCommitment: v.optional(commitment),
      encoding: v.optional(WireEncoding),
      maxRetries: v.optional(u64),
      minContextSlot: v.optional(u64),
    }),
  ),
])

export const AirdropParams = v.strictTuple([AddressParam, u64, v.optional(ContextConfig)])

export const SignatureStatusesParams = v.strictTuple([
  v.pipe(v.array(SignatureParam), v.maxLength(256, 'Too many inputs provided; max 256')),
  v.optional(v.object({ searchTransactionHistory: v.optional(v.boolean()) })),
])

export const SignaturesForAddressParams = v.strictTuple([
  AddressParam,
  v.optional(
    v.object({
      ...contextEntries,
      limit: v.optional(v.pipe(u64, v.minValue(1), v.maxValue(1000, 'Invalid limit; max 1000'))),
      before: v.optional(SignatureParam),
      until: v.optional(SignatureParam),
    }),
  ),
])

const TransactionEncoding = v.picklist(['json', 'jsonParsed', 'base58', 'base64'])
export const GetTransactionParams = v.strictTuple([
  SignatureParam,
  v.optional(
    v.union([
      TransactionEncoding,
      v.object({
        commitment: v.optional(commitment),
        encoding: v.optional(TransactionEncoding),
        maxSupportedTransactionVersion: v.optional(v.literal(0)),
      }),
    ]),
  ),
])

export const TokenAccountsByOwnerParams = v.strictTuple([
  AddressParam,
  v.union([v.strictObject({ mint: AddressParam }), v.strictObject({ programId: AddressParam })], 'Invalid params: expected a mint or programId filter'),
  v.optional(AccountInfoConfig),
])

function describeIssue(issue: v.BaseIssue<unknown>): string {
  if (issue.message.startsWith('Invalid param')) return issue.message
  const path = v.getDotPath(issue)
  return `Invalid params: ${path ? `param ${path}: ` : ''}${issue.message}`
}

/** Validates positional params (a missing params member counts as []); failure is JSON-RPC -32602. */
export function parseParams<TSchema extends v.GenericSchema>(schema: TSchema, params: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, params ?? [])
  if (!result.success) throw invalidParams(describeIssue(result.issues[0]))
  return result.output
}
