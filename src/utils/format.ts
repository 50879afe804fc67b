/**
 * Truncates (never rounds) a decimal string to `decimals` places: a balance must
 * never look larger than it is. Anything unparsable shows as 0.000.
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

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return ''
  // toFixed keeps exponent-free digits for the magnitudes balances have
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/\.?0+$/, '') : String(value)
}
