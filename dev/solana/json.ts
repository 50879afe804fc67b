/**
 * A JSON writer for Solana RPC answers. Solana writes u64 values as bare JSON numbers (which may
 * exceed 2^53, e.g. rentEpoch = u64::MAX) and f64 values such as `uiAmount` as `1000.0`;
 * JSON.stringify can do neither, and @solana/kit parses both forms.
 */

/** Marks a number that Rust would serialise as an f64. */
export class F64 {
  constructor(readonly value: number) {}
}

export function f64(value: number): F64 {
  return new F64(value)
}

function writeFloat(value: number): string {
  if (!Number.isFinite(value)) return 'null'
  const text = String(value)
  return /[.eE]/.test(text) ? text : `${text}.0`
}

export function toSolanaJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  if (typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (value instanceof F64) return writeFloat(value.value)
  if (Array.isArray(value)) return `[${value.map((item) => toSolanaJson(item)).join(',')}]`
  if (typeof value === 'object') {
    const parts: string[] = []
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue
      parts.push(`${JSON.stringify(key)}:${toSolanaJson(item)}`)
    }
    return `{${parts.join(',')}}`
  }
  throw new TypeError(`cannot serialise ${typeof value}`)
}
