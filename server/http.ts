import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
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
 * is out of reach (the client may try again; Retry-After says when), else 500 'Internal error'
 * with an id the log carries beside the error (whose message stays in the log: it can name
 * internals a caller has no business seeing).
 */
export function errorReply(error: unknown): Reply {
  if (error instanceof HttpError) return { status: error.status, json: { reason: error.reason }, ...(error.headers && { headers: error.headers }) }
  if (isDbUnavailable(error)) {
    const body = JSON.stringify({ reason: DB_UNAVAILABLE_REASON })
    return { status: 503, body, contentType: 'application/json; charset=utf-8', headers: { 'retry-after': '5' } }
  }
  const id = randomBytes(8).toString('hex')
  console.error(`[server] internal error ${id}:`, error)
  return { status: 500, json: { reason: 'Internal error', id } }
}

/**
 * A chain read that failed: 502 with the node's first line. The reads also use the database (the
 * tokens it knows, the shared read), so a database out of reach stays what it is, a 503.
 */
export function chainReadFailed(error: unknown): never {
  if (isDbUnavailable(error)) throw error
  throw new HttpError(502, `chain read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
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

/** What a POST body may weigh unless its route says otherwise (route.maxBody). */
export const DEFAULT_MAX_BODY = 16 * 1024

/**
 * Reads a JSON body (any content type: sendBeacon posts text/plain). Empty body reads as undefined.
 * A body over `max` bytes is refused as soon as it is seen to be (by Content-Length or while read).
 */
export async function readJsonBody(req: IncomingMessage, max = DEFAULT_MAX_BODY): Promise<unknown> {
  const tooLarge = () => new HttpError(413, `body: larger than ${max / 1024} KB, this endpoint's limit`)
  if (Number(req.headers['content-length'] ?? 0) > max) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw tooLarge()
    chunks.push(chunk)
  }
  const bytes = Buffer.concat(chunks)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new HttpError(400, 'body: not valid UTF-8')
  }
  if (text.trim() === '') return undefined
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, `body: nested deeper than ${MAX_JSON_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'body: not valid JSON')
  }
}

/** No request of this API nests deeper; deeper input would only cost recursion (stringify, validation). */
const MAX_JSON_DEPTH = 32

/** How deep the brackets of a JSON text nest (outside strings); a quick scan before parsing. */
function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth)
    else if (c === 93 || c === 125) depth--
  }
  return deepest
}

/** Validates input with a valibot schema; a failure becomes HTTP 400 naming the field. */
export function parse<const S extends v.GenericSchema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = v.getDotPath(issue)
  throw new HttpError(400, `${path ? `${where === 'body' ? 'body.' : ''}${path}` : where}: ${issue.message}`)
}
