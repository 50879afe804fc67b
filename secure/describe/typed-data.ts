// eth_signTypedData_v4 as the approval shows it: the domain that decides where the signature
// counts (name, chainId, verifyingContract), the primary type, and for permits (EIP-2612, Permit2,
// DAI's) a warning with the spender and the amount, "unlimited" where it is.
import * as v from 'valibot'
import { formatAmount } from './amount'
import type { Row } from './evm-calls'
import type { TokenReader } from './token-info'

const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
export const TypedData = v.object({
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.string(),
  domain: v.optional(v.object({
    name: v.optional(v.string()), version: v.optional(v.string()),
    chainId: v.optional(v.union([v.number(), v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]+|\d+)$/))])),
    verifyingContract: v.optional(Address), salt: v.optional(v.string()),
  }), {}),
  message: v.record(v.string(), v.unknown()),
})
export type TypedData = v.InferOutput<typeof TypedData>

export const PERMIT_WARNING = 'This signature is a permit: it lets the spender below move your tokens without another approval. Sign it only if you trust this site.'

const bigOf = (value: unknown): bigint | undefined => {
  try {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? BigInt(value) : undefined
  } catch {
    return undefined
  }
}
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {})

export interface TypedDataView { rows: Row[]; warning?: string }

/**
 * The part of a value its type signs: a struct keeps only the fields its type declares (nested
 * structs and arrays alike). A field the type does not declare is not signed, so the approval
 * must not show it: a page could write "only 1 USDC" beside an unlimited permit.
 */
export function signedPart(types: TypedData['types'], type: string, value: unknown): unknown {
  const array = /^(.+)\[\d*\]$/.exec(type)
  if (array) return Array.isArray(value) ? value.map((item) => signedPart(types, array[1]!, item)) : value
  const fields = types[type]
  if (!fields || !value || typeof value !== 'object') return value
  const struct = value as Record<string, unknown>
  return Object.fromEntries(fields.filter((f) => Object.hasOwn(struct, f.name)).map((f) => [f.name, signedPart(types, f.type, struct[f.name])]))
}

export async function describeTypedData(typed: TypedData, chainId: number, readToken: TokenReader): Promise<TypedDataView> {
  const { domain, message, primaryType } = typed
  const domainChain = domain.chainId === undefined ? undefined : Number(BigInt(domain.chainId))
  const rows: Row[] = [
    ['Type', primaryType],
    ['Domain', domain.name ?? '(no name)'],
    ['Domain chain', domainChain === undefined ? '(any chain)' : `eip155:${domainChain}${domainChain !== chainId ? ' (not the network you are on)' : ''}`],
    ['Verifying contract', domain.verifyingContract ?? '(none)'],
  ]
  if (!/permit/i.test(primaryType) && !('spender' in message)) return { rows }
  // EIP-2612 / DAI: the token is the verifying contract. Permit2: the token sits in details (one or a list).
  const details = [message['details'], message['permitted']].flatMap((d) => (Array.isArray(d) ? d : d === undefined ? [] : [d])).map(record)
  const spender = text(message['spender'] ?? message['operator'] ?? '(not named)')
  rows.push(['Spender', spender])
  if (details.length) {
    for (const d of details) {
      const token = typeof d['token'] === 'string' && /^0x[0-9a-fA-F]{40}$/.test(d['token']) ? d['token'] as `0x${string}` : undefined
      const info = token ? await readToken(token) : {}
      const amount = bigOf(d['amount'])
      rows.push(['Token', token ? (info.symbol ? `${info.symbol} (${token})` : token) : '(not named)'], ['Amount', amount === undefined ? text(d['amount']) : formatAmount(amount, info, 160)])
    }
  } else if (domain.verifyingContract) {
    const info = await readToken(domain.verifyingContract as `0x${string}`)
    const amount = bigOf(message['value'])
    // DAI's permit has no value: `allowed: true` is an unlimited allowance.
    rows.push(['Token', info.symbol ? `${info.symbol} (${domain.verifyingContract})` : domain.verifyingContract],
      ['Amount', amount !== undefined ? formatAmount(amount, info) : message['allowed'] === true ? `unlimited ${info.symbol ?? 'tokens'}` : text(message['value'] ?? '(not named)')])
  }
  const deadline = message['deadline'] ?? message['expiry'] ?? message['sigDeadline']
  if (deadline !== undefined) rows.push(['Deadline', text(deadline)])
  return { rows, warning: PERMIT_WARNING }
}
