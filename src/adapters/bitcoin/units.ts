/** Satoshis as BTC text, every digit kept (AppKit's UnitsUtil.parseSatoshis without its locale grouping). */
export function formatSats(sats: bigint, decimals = 8): string {
  const base = 10n ** BigInt(decimals)
  const whole = sats / base
  const fraction = (sats % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}
