import * as v from 'valibot'
import type { Hub, RelayClient } from '../hub.ts'
import { issueText } from '../schemas.ts'

export interface HandlerContext {
  hub: Hub
  client: RelayClient
}

/** A handler's answer; `after` runs once the reply is on the wire (e.g. stored messages after a subscribe reply). */
export interface HandlerOutcome {
  result: unknown
  after?: () => void
}

export type Handler = (ctx: HandlerContext, params: unknown) => HandlerOutcome

/** Thrown when params fail validation; the server answers it with JSON-RPC -32602. */
export class InvalidParams extends Error {}

/** Binds a params schema to a handler body so every method validates its input the same way. */
export function method<S extends v.GenericSchema>(
  schema: S,
  run: (ctx: HandlerContext, params: v.InferOutput<S>) => HandlerOutcome,
): Handler {
  return (ctx, params) => {
    const parsed = v.safeParse(schema, params)
    if (!parsed.success) throw new InvalidParams(`invalid params: ${issueText(parsed.issues)}`)
    return run(ctx, parsed.output)
  }
}
