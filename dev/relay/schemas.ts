import * as v from 'valibot'

/** Valibot schemas for everything the relay accepts: the connection query and every JSON-RPC frame. */

const THIRTY_DAYS_S = 30 * 24 * 60 * 60

export const JsonRpcId = v.union([v.pipe(v.number(), v.integer()), v.string(), v.bigint()])
export type JsonRpcId = v.InferOutput<typeof JsonRpcId>

export const JsonRpcRequest = v.looseObject({
  jsonrpc: v.literal('2.0'),
  id: JsonRpcId,
  method: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  params: v.optional(v.unknown()),
})

/** The client's answer to a server-sent irn_subscription (its ack). */
export const JsonRpcResponse = v.union([
  v.looseObject({ jsonrpc: v.literal('2.0'), id: JsonRpcId, result: v.unknown() }),
  v.looseObject({
    jsonrpc: v.literal('2.0'),
    id: JsonRpcId,
    error: v.looseObject({ code: v.number(), message: v.string() }),
  }),
])

/** Topics are sha256 digests in hex, as the clients derive them. */
export const Topic = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/i, 'topic must be 64 hex characters'))

/** Encrypted envelopes are base64 (or base64url for link mode); bounded to keep memory in check. */
const Message = v.pipe(v.string(), v.minLength(1), v.maxLength(1_000_000))

const Ttl = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(THIRTY_DAYS_S))

/** Optional fields the clients add to publish-like calls (tag, prompt, attestation, tvf data). */
const PublishExtras = {
  tag: v.optional(v.pipe(v.number(), v.integer())),
  prompt: v.optional(v.boolean()),
  attestation: v.optional(v.string()),
}

export const PublishParams = v.looseObject({ topic: Topic, message: Message, ttl: Ttl, ...PublishExtras })
export type PublishParams = v.InferOutput<typeof PublishParams>

export const BatchPublishParams = v.looseObject({
  messages: v.pipe(v.array(PublishParams), v.minLength(1), v.maxLength(500)),
})

export const SubscribeParams = v.looseObject({ topic: Topic })

export const TopicsParams = v.looseObject({ topics: v.pipe(v.array(Topic), v.minLength(1), v.maxLength(500)) })

export const UnsubscribeParams = v.looseObject({ topic: Topic, id: v.pipe(v.string(), v.maxLength(200)) })

export const BatchUnsubscribeParams = v.looseObject({
  subscriptions: v.pipe(v.array(UnsubscribeParams), v.minLength(1), v.maxLength(500)),
})

/** sign-client 2.25 `sendProposeSession`: the proposal goes to the pairing topic. */
export const ProposeSessionParams = v.looseObject({
  pairingTopic: Topic,
  sessionProposal: Message,
  ttl: v.optional(Ttl),
  ...PublishExtras,
})

/** sign-client 2.25 `sendApproveSession`: the proposal response and the settle request in one call. */
export const ApproveSessionParams = v.looseObject({
  sessionTopic: Topic,
  pairingTopic: Topic,
  sessionProposalResponse: Message,
  sessionSettlementRequest: Message,
  ttl: v.optional(Ttl),
  ...PublishExtras,
})

/** Query string of the WebSocket URL (formatRelayRpcUrl in @walletconnect/utils). */
export const ConnectionQuery = v.looseObject({
  projectId: v.pipe(v.string(), v.minLength(1, 'projectId is required'), v.maxLength(200)),
  auth: v.optional(v.pipe(v.string(), v.maxLength(4000))),
  ua: v.optional(v.pipe(v.string(), v.maxLength(500))),
  useOnCloseEvent: v.optional(v.picklist(['true', 'false'])),
  packageName: v.optional(v.string()),
  bundleId: v.optional(v.string()),
})

/** The payload part of the relay auth JWT; only `iss` (the client's did:key) is used. */
export const AuthClaims = v.looseObject({ iss: v.pipe(v.string(), v.minLength(1)) })

/** Formats the first valibot issue as a short reason. */
export function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'invalid'
  const path = issue.path?.map((p) => String(p.key)).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}
