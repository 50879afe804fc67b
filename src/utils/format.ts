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

/** A number's shortest round-trip text with any exponent spelled out in digits: 1e-7 → '0.0000001'. */
export function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return ''
  const [mantissa = '', exponent] = String(value).split('e')
  if (!exponent) return mantissa
  const sign = mantissa.startsWith('-') ? '-' : ''
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.')
  const digits = whole + fraction
  const point = whole.length + Number(exponent)
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length)
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}
