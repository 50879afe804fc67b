import type { IncomingMessage, ServerResponse } from 'node:http'
import * as v from 'valibot'
import { DB_UNAVAILABLE_REASON, isDbUnavailable } from './db/unavailable.ts'

/** An error answered as JSON `{ reason }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    /** Sent with the answer, e.g. Retry-After with a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(reason)
  }
}

/**
 * The answer for an error a route threw: its own status for an HttpError, 503 while the database
 * is out of reach (the client may try again; Retry-After says when), else 500 with the message.
 */
export function errorReply(error: unknown): Reply {
  if (error instanceof HttpError) return { status: error.status, json: { reason: error.reason }, ...(error.headers && { headers: error.headers }) }
  if (isDbUnavailable(error)) {
    const body = JSON.stringify({ reason: DB_UNAVAILABLE_REASON })
    return { status: 503, body, contentType: 'application/json; charset=utf-8', headers: { 'retry-after': '5' } }
  }
  console.error('[server]', error)
  return { status: 500, json: { reason: error instanceof Error ? error.message : 'internal error' } }
}

export type Reply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: string; contentType: string; headers?: Record<string, string> }

// The demo page and the tests run on other origins, so every origin may call this server.
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '600',
  // A 429's wait, readable by the page's script.
  'access-control-expose-headers': 'retry-after',
}

export function send(res: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200
  if ('json' in reply) {
    const body = JSON.stringify(reply.json)
    res.writeHead(status, { ...CORS_HEADERS, ...reply.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  } else {
    res.writeHead(status, { ...CORS_HEADERS, ...reply.headers, 'content-type': reply.contentType, 'content-length': Buffer.byteLength(reply.body) })
    res.end(reply.body)
  }
}

/** Answers a CORS preflight, allowing whatever headers the browser asks for. */
export function sendPreflight(req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string> = { ...CORS_HEADERS }
  const asked = req.headers['access-control-request-headers']
  headers['access-control-allow-headers'] = typeof asked === 'string' && asked ? asked : 'content-type'
  if (req.headers['access-control-request-private-network'] === 'true') headers['access-control-allow-private-network'] = 'true'
  res.writeHead(204, headers)
  res.end()
}

const MAX_BODY = 1024 * 1024

/** Reads a JSON body (any content type: sendBeacon posts text/plain). Empty body reads as undefined. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new HttpError(413, 'body: larger than 1 MB')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'body: not valid JSON')
  }
}

/** Validates input with a valibot schema; a failure becomes HTTP 400 naming the field. */
export function parse<const S extends v.GenericSchema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = v.getDotPath(issue)
  throw new HttpError(400, `${path ? `${where === 'body' ? 'body.' : ''}${path}` : where}: ${issue.message}`)
}
