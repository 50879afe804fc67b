import { Address } from '@ton/core'
import * as v from 'valibot'

// TON reads from a toncenter v2 JSON-RPC endpoint (https://toncenter.com/api/v2/jsonRPC, a self-hosted ton-http-api, or
// the dev stack's sandbox ledger): an address's balance in nanotons.

export const TON_MAINNET = 'ton:-239'

/** User-friendly (48 base64 characters, checksum checked) or raw (workchain:64 hex) TON addresses. */
export function isTonAddress(value: string): boolean {
  if (!Address.isFriendly(value) && !Address.isRaw(value)) return false
  try {
    Address.parse(value)
    return true
  } catch {
    return false
  }
}

const Answer = v.union([
  v.looseObject({ ok: v.literal(true), result: v.union([v.pipe(v.string(), v.regex(/^\d{1,40}$/, 'is not an amount of nanotons')), v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.transform(String))]) }),
  v.looseObject({ ok: v.literal(false), error: v.optional(v.string()) }),
])

/** The address's balance in nanotons (toncenter's getAddressBalance; an account never funded reads 0). */
export async function tonBalance(endpoint: string, address: string): Promise<bigint> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'getAddressBalance', params: { address } }),
    signal: AbortSignal.timeout(10_000),
  })
  // toncenter answers a failed call with ok: false and an error status alike.
  const parsed = v.safeParse(Answer, await res.json().catch(() => undefined))
  if (!parsed.success) throw new Error(`TON API getAddressBalance: ${res.ok ? `unexpected answer (${parsed.issues[0].message})` : `HTTP ${res.status}`}`)
  if (!parsed.output.ok) throw new Error(`TON API getAddressBalance: ${parsed.output.error ?? `HTTP ${res.status}`}`)
  return BigInt(parsed.output.result)
}
