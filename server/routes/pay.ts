// AppKit Pay's JSON-RPC endpoint (AppKit posts to {API}/v1/json-rpc?projectId=…): the exchanges,
// a pay URL on an exchange (the sandbox page here), and a payment's status. Errors are JSON-RPC
// errors with a 400, their message (also the body's `reason`, as this server's other errors) naming the field.
// A browser's call from a site the project does not allow is refused (403).
import * as v from 'valibot'
import { getAddress } from 'viem'
import type { Reply } from '../http.ts'
import { refuseForeignOrigin } from '../auth/origins.ts'
import { buyStatus, createPaySession, exchangesOffered, payAsset, paySessionById } from '../pay.ts'
import type { Route } from '../router.ts'

const Id = v.union([v.string(), v.number(), v.null()])
const Envelope = v.object({ jsonrpc: v.literal('2.0'), id: v.optional(Id), method: v.string(), params: v.optional(v.looseObject({})) })
const Ids = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(50)))
const ExchangesParams = v.looseObject({ page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), includeOnly: Ids, exclude: Ids, asset: v.optional(v.pipe(v.string(), v.maxLength(140))), amount: v.optional(v.pipe(v.string(), v.maxLength(40))) })
const Amount = v.pipe(v.string(), v.regex(/^\d{1,9}(\.\d{1,18})?$/, 'amount: must be a decimal number'), v.check((s) => Number(s) > 0, 'amount: must be above 0'), v.check((s) => Number(s) <= 1_000_000, 'amount: is too large'))
const PayUrlParams = v.looseObject({
  exchangeId: v.pipe(v.string(), v.maxLength(64)),
  asset: v.pipe(v.string(), v.maxLength(140)),
  amount: Amount,
  recipient: v.pipe(v.string(), v.regex(/^eip155:\d{1,12}:0x[0-9a-fA-F]{40}$/, 'recipient: must be a CAIP-10 eip155 address')),
})
const StatusParams = v.looseObject({ sessionId: v.pipe(v.string(), v.maxLength(64)), exchangeId: v.pipe(v.string(), v.maxLength(64)) })

class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

function params<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = v.getDotPath(issue)
  const field = path ?? 'params'
  throw new RpcError(-32602, issue.message.startsWith(`${field}:`) ? issue.message : `${field}: ${issue.message}`)
}

type Method = (ctx: { state: Parameters<Route['handle']>[0]['state']; projectId: string; params: unknown }) => Promise<unknown>

const METHODS: Record<string, Method> = {
  async reown_getExchanges({ state, params: raw }) {
    const p = params(ExchangesParams, raw)
    let exchanges = exchangesOffered(state)
    if (p.includeOnly) exchanges = exchanges.filter((e) => p.includeOnly!.includes(e.id))
    if (p.exclude) exchanges = exchanges.filter((e) => !p.exclude!.includes(e.id))
    // An asset none sells leaves none; the sandbox sells every asset it can deliver.
    if (p.asset && !payAsset(state, p.asset)) exchanges = []
    return { exchanges, total: exchanges.length }
  },

  async reown_getExchangePayUrl({ state, projectId, params: raw }) {
    const p = params(PayUrlParams, raw)
    if (!exchangesOffered(state).some((e) => e.id === p.exchangeId)) throw new RpcError(-32602, `exchangeId: ${p.exchangeId} is not an exchange on offer`)
    const asset = payAsset(state, p.asset)
    if (!asset) throw new RpcError(-32602, `asset: ${p.asset} is not supported by ${p.exchangeId}`)
    const [, chainId, address] = p.recipient.split(':') as [string, string, string]
    if (Number(chainId) !== asset.chain.chainId) throw new RpcError(-32602, `recipient: is on eip155:${chainId}, the asset on eip155:${asset.chain.chainId}`)
    const decimals = asset.token?.decimals ?? 18
    if ((p.amount.split('.')[1]?.length ?? 0) > decimals) throw new RpcError(-32602, `amount: ${asset.symbol} has ${decimals} decimals`)
    const sessionId = await createPaySession(state.db, {
      project_id: projectId, exchange_id: p.exchangeId, chain_id: asset.chain.chainId, asset: asset.symbol,
      token_address: asset.token?.address ?? null, amount: p.amount, recipient: getAddress(address),
    })
    return { url: `${state.onrampSandboxUrl}/exchange?session=${sessionId}`, sessionId }
  },

  async reown_getExchangeBuyStatus({ state, projectId, params: raw }) {
    const p = params(StatusParams, raw)
    const s = await paySessionById(state.db, p.sessionId)
    // Another project's payment, or one asked under another exchange, is as unknown as none.
    if (!s || s.project_id !== projectId || s.exchange_id !== p.exchangeId) throw new RpcError(-32602, 'sessionId: no such payment')
    return buyStatus(s)
  },
}

export const payRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/json-rpc$/,
    access: 'query',
    maxBody: 8 * 1024,
    async handle(ctx): Promise<Reply> {
      const { state, body, query } = ctx
      refuseForeignOrigin(ctx)
      const envelope = v.safeParse(Envelope, body)
      const id = envelope.success ? envelope.output.id ?? null : null
      try {
        if (!envelope.success) throw new RpcError(-32600, 'body: a JSON-RPC 2.0 request with a method is required')
        const method = METHODS[envelope.output.method]
        if (!method || !Object.hasOwn(METHODS, envelope.output.method)) throw new RpcError(-32601, `method: ${envelope.output.method} is not a method of this endpoint`)
        const result = await method({ state, projectId: query['projectId'] ?? '', params: envelope.output.params })
        return { json: { jsonrpc: '2.0', id, result } }
      } catch (error) {
        if (!(error instanceof RpcError)) throw error
        return { status: 400, json: { jsonrpc: '2.0', id, error: { code: error.code, message: error.message }, reason: error.message } }
      }
    },
  },
]
