// Apart from format.ts, which the loader carries: only lazy code needs exact unit conversion.
import { numberToPlain } from './format'

/** Base units as a plain decimal string, exact (no float), trailing zeros dropped: 1500000n, 6 → '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Base units from a plain decimal string, exact; extra fraction digits are cut: '1.5', 6 → 1500000n. */
export function toUnits(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.')
  const units = BigInt((whole || '0') + fraction.slice(0, decimals).padEnd(decimals, '0'))
  return text.startsWith('-') ? -units : units
}

/**
 * An amount times a price as an exact decimal string (the value in USD of a token amount):
 * '0.3', 3 → '0.9' where 0.3 * 3 in binary floats is 0.8999…. Unparsable input gives '0'.
 */
export function decimalProduct(amount: string, price: number): string {
  const a = /^-?\d*(\.\d*)?$/.test(amount) && /\d/.test(amount) ? amount : '0'
  const p = Number.isFinite(price) ? numberToPlain(price) : '0'
  const places = (x: string) => x.split('.')[1]?.length ?? 0
  return formatUnits(toUnits(a, places(a)) * toUnits(p, places(p)), places(a) + places(p))
}
