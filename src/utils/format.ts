/**
 * Truncates (never rounds) a decimal to `decimals` places: a balance must never look larger than
 * it is. Works on the decimal's digits, never on a binary float: a number is read as the shortest
 * text that stands for it (19.99 stays 19.99, not 19.989999…). Anything unparsable shows as 0.000.
 */
export function formatBalance(value: string | number | undefined, decimals = 3): string {
  const zero = (0).toFixed(decimals)
  if (value === undefined || value === '') return zero
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim()
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (!match[2] && !match[3])) return zero
  const whole = (match[2] || '0').replace(/^0+(?=\d)/, '')
  const fraction = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0')
  const negative = match[1] === '-' && /[1-9]/.test(whole + fraction)
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`
}

/**
 * A number as the shortest decimal text that reads back as it, exponent spelled out in digits
 * (19.99 → '19.99', 1e-7 → '0.0000001'); NaN and infinities give text no parser takes.
 */
export const numberToPlain = (value: number): string => value.toLocaleString('en', { useGrouping: false, maximumFractionDigits: 20 })
