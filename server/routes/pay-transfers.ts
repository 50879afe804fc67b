// AppKit Pay's quote API (its ApiUtil: POST /appkit/v1/transfers/quote, GET
// /appkit/v1/transfers/status, GET /appkit/v1/transfers/assets/exchanges/:id), on the provider
// API's origin: a route on one chain through its DEX (pay-quote.ts), across chains through the
// relayer (pay-relay.ts; its status answers from the database at once, with `unattributed` when
// its deposit address holds coin no transfer explains). Errors are 400s whose `error` is the
// message AppKit's PayQuote view shows (`reason` too, as this server's other errors). A browser's
// call from a site the project does not allow is refused.
import * as v from 'valibot'
import { maxUint256, type Address } from 'viem'
import type { Reply } from '../http.ts'
import { refuseForeignOrigin } from '../auth/origins.ts'
import { exchangeAssets } from '../pay.ts'
import { createQuote, QuoteError, quoteStatus } from '../pay-quote.ts'
import { createRelayQuote, relayStatus } from '../pay-relay.ts'
import type { Route } from '../router.ts'

const fail = (status: number, message: string): Reply => ({ status, json: { error: message, reason: message } })

const EvmAddressField = (field: string) => v.pipe(v.string(`${field}: must be a string`), v.regex(/^0x[0-9a-fA-F]{40}$/, `${field}: must be an EVM address (0x + 40 hex digits)`), v.transform((s) => s as Address))
const ChainId = (field: string) => v.pipe(v.string(`${field}: must be a string`), v.regex(/^\d{1,12}$/, `${field}: must be an EVM chain id`), v.transform(Number))
const QuoteBody = v.object({
  // Absent when an exchange pays the route's deposit.
  user: v.optional(EvmAddressField('user')),
  originChainId: ChainId('originChainId'),
  originCurrency: EvmAddressField('originCurrency'),
  destinationChainId: ChainId('destinationChainId'),
  destinationCurrency: EvmAddressField('destinationCurrency'),
  recipient: EvmAddressField('recipient'),
  amount: v.pipe(
    v.string('amount: must be a string'),
    v.regex(/^\d{1,78}$/, 'amount: must be an integer amount in base units'),
    v.transform((s: string) => BigInt(s)),
    v.check((n: bigint) => n > 0n && n <= maxUint256, 'amount: must be above 0 and fit 256 bits'),
  ),
})
const RequestId = /^0x[0-9a-f]{64}$/
/** A Solana CAIP-2 reference (the genesis hash's first 32 base58 characters). */
const SOLANA_REFERENCE = /^[1-9A-HJ-NP-Za-km-z]{32}$/

export const payTransferRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/appkit\/v1\/transfers\/quote$/,
    access: 'query',
    maxBody: 4 * 1024,
    async handle(ctx): Promise<Reply> {
      const { state, body, query } = ctx
      refuseForeignOrigin(ctx)
      // AppKit's quote for Solana tokens names the chain by its genesis hash: no route is offered there.
      const chains = [(body as Record<string, unknown> | undefined)?.['originChainId'], (body as Record<string, unknown> | undefined)?.['destinationChainId']]
      if (chains.some((c) => typeof c === 'string' && SOLANA_REFERENCE.test(c))) return fail(400, 'No route with Solana tokens: pay with the payment asset itself')
      const parsed = v.safeParse(QuoteBody, body ?? {})
      if (!parsed.success) {
        const issue = parsed.issues[0]
        const field = v.getDotPath(issue) ?? 'body'
        return fail(400, issue.input === undefined ? `${field}: is required` : issue.message.startsWith(`${field}:`) ? issue.message : `${field}: ${issue.message}`)
      }
      try {
        const q = parsed.output
        const make = q.originChainId === q.destinationChainId ? createQuote : createRelayQuote
        return { json: await make(state, query['projectId']!, q) }
      } catch (error) {
        if (error instanceof QuoteError) return fail(400, error.message)
        throw error
      }
    },
  },
  {
    method: 'GET',
    path: /^\/appkit\/v1\/transfers\/status$/,
    access: 'query',
    async handle({ state, query }): Promise<Reply> {
      const requestId = query['requestId'] ?? ''
      if (!RequestId.test(requestId)) return fail(400, 'requestId: must be the requestId of a quote (0x + 64 hex digits)')
      // Another project's quote is as unknown as none.
      const status = await quoteStatus(state, query['projectId']!, requestId)
      if (status) return { json: { status } }
      const relayed = await relayStatus(state, query['projectId']!, requestId)
      return relayed ? { json: relayed } : fail(404, 'requestId: no such quote')
    },
  },
  {
    method: 'GET',
    path: /^\/appkit\/v1\/transfers\/assets\/exchanges\/(?<exchangeId>[^/]+)$/,
    access: 'query',
    async handle(ctx): Promise<Reply> {
      refuseForeignOrigin(ctx)
      const exchangeId = ctx.params['exchangeId']!
      const assets = exchangeId.length <= 64 ? await exchangeAssets(ctx.state, exchangeId) : undefined
      return assets ? { json: { exchangeId, assets } } : fail(404, `exchangeId: ${exchangeId.slice(0, 64)} is not an exchange on offer`)
    },
  },
]
