// The database out of reach (down, refusing, cut off, too slow) is a 503 of the API, not a 500:
// the request was fine and will work again once the database is back (issue 17, faults).

/** What the API answers while the database is unreachable. */
export const DB_UNAVAILABLE_REASON = 'The database is unavailable; try again shortly'

// Node's socket errors on the way to the database.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
// pg's own words when a connection dies, cannot be made in time, or a query gets no answer.
const CLIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended/i

/**
 * True for a failure to reach the database rather than a fault of the query: socket errors,
 * the pg client's connection errors, and SQLSTATE class 08 (connection exception), 57P01-57P03
 * (shut down, crashed, not accepting connections yet) and 53300 (too many connections).
 */
export function isDbUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300')) return true
  if (error instanceof AggregateError) return error.errors.some(isDbUnavailable)
  return CLIENT_MESSAGES.test(error.message)
}
