/** Read on call, never at import: server-side rendering imports this module. */
export function isMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  if (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && matchMedia('(max-width: 768px)').matches) return true
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}

export function hasDom(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}
