// Token amounts as the approval shows them: in the token's decimals, and "unlimited" where an
// allowance is so large that no balance reaches it (max uint256, anything from 2^255, or the top
// half of a narrower type such as Permit2's uint160).
import { formatUnits } from 'viem'

export function isUnlimited(amount: bigint, bits = 256): boolean {
  return amount >= 2n ** BigInt(bits - 1)
}

/** "12.5 USDC", "unlimited USDC", or base units when the decimals are unknown. */
export function formatAmount(amount: bigint, token: { symbol?: string; decimals?: number }, bits = 256): string {
  const unit = token.symbol ?? 'tokens'
  if (isUnlimited(amount, bits)) return `unlimited ${unit}`
  if (token.decimals === undefined) return `${amount} ${unit} (base units)`
  return `${formatUnits(amount, token.decimals)} ${unit}`
}

/** A symbol a token contract returns, kept short and printable: it is the contract's claim, not a fact. */
export function cleanSymbol(symbol: unknown): string | undefined {
  if (typeof symbol !== 'string') return undefined
  // eslint-disable-next-line no-control-regex
  const clean = symbol.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 16)
  return clean || undefined
}
