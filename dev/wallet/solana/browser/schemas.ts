import * as v from 'valibot'

/** valibot schemas for the install options and for every feature input an app sends. */

const ICON = /^data:image\/(svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/]+=*$/
const CHAIN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

export const Options = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'name must not be empty')),
  icon: v.optional(v.pipe(v.string(), v.regex(ICON, 'icon must be a base64 data:image/ URI'))),
  rpcUrl: v.pipe(v.string(), v.url('rpcUrl must be a URL')),
  secretKeys: v.pipe(
    v.array(v.union([v.string(), v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)))])),
    v.minLength(1, 'secretKeys must hold at least one key'),
  ),
  accountIndex: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.array(v.pipe(v.number(), v.integer(), v.minValue(0)))])),
  chains: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(CHAIN, 'chains must be CAIP-2 style ids'))), v.minLength(1))),
  autoApprove: v.optional(v.boolean()),
})

const Account = v.looseObject({ address: v.string() })
const Bytes = v.instance(Uint8Array, 'expected a Uint8Array')
const Commitment = v.picklist(['processed', 'confirmed', 'finalized'])
const Slot = v.pipe(v.number(), v.integer(), v.minValue(0))

export const ConnectInput = v.optional(v.looseObject({ silent: v.optional(v.boolean()) }))

export const SignMessageInputs = v.array(v.looseObject({ account: Account, message: Bytes }))

export const SignTransactionInputs = v.array(
  v.looseObject({
    account: Account,
    transaction: Bytes,
    chain: v.optional(v.string()),
    options: v.optional(v.looseObject({ preflightCommitment: v.optional(Commitment), minContextSlot: v.optional(Slot) })),
  }),
)

export const SignAndSendInputs = v.array(
  v.looseObject({
    account: Account,
    transaction: Bytes,
    chain: v.string(),
    options: v.optional(
      v.looseObject({
        preflightCommitment: v.optional(Commitment),
        commitment: v.optional(Commitment),
        skipPreflight: v.optional(v.boolean()),
        maxRetries: v.optional(Slot),
        minContextSlot: v.optional(Slot),
        mode: v.optional(v.picklist(['serial', 'parallel'])),
      }),
    ),
  }),
)

/** Parses an app's input; a malformed one is a -32602 wallet error, with valibot's reason. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'invalid input'
  const path = v.getDotPath(issue)
  return `${path ? `${path}: ` : ''}${issue.message}`
}
