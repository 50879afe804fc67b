/**
 * JSON codec for relay frames. The WalletConnect clients send and expect JSON-RPC ids that may
 * exceed 2^53 (see @walletconnect/safe-json), so integers that would lose precision are kept as
 * bigint on the way in and written back as bare digits on the way out.
 */

const BIG_MARK = '\u0000bigint:'

/** Quotes unsafe integer literals that stand outside JSON strings so JSON.parse keeps their digits. */
function quoteBigIntegers(text: string): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === '"') {
      // copy a whole string literal untouched, honouring escapes
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
      const literal = match?.[0] ?? ch
      const isInteger = match !== null && match[1] === undefined && match[2] === undefined
      out += isInteger && !Number.isSafeInteger(Number(literal)) ? JSON.stringify(BIG_MARK + literal) : literal
      i += literal.length
      continue
    }
    out += ch
    i += 1
  }
  return out
}

/** Parses a frame; throws SyntaxError on malformed JSON. */
export function parseJson(text: string): unknown {
  return JSON.parse(quoteBigIntegers(text), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(BIG_MARK) ? BigInt(value.slice(BIG_MARK.length)) : value,
  )
}

/** Serialises a frame, writing bigint values as plain JSON numbers. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? BIG_MARK + v.toString() : v))
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1')
}
