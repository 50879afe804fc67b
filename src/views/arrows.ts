/**
 * Arrow keys in the lists (wallets, networks) and the All Wallets grid (four columns): Up/Down by
 * an item or a row, Left/Right by one, Home/End to the ends. Its own chunk, fetched on the first
 * such key, so the modal's first chunk stays small.
 */
export function arrowKeys(key: string, active: HTMLElement | null): void {
  const list = active?.closest('.list,.aw-grid')
  if (!list) return
  const items = [...list.querySelectorAll<HTMLElement>('button:not([disabled])')]
  const row = list.classList.contains('aw-grid') ? 4 : 1
  const steps: Record<string, number> = { ArrowDown: row, ArrowUp: -row, ArrowRight: 1, ArrowLeft: -1 }
  const index = items.indexOf(active!)
  const next = key === 'Home' ? 0 : key === 'End' ? items.length - 1 : index + (steps[key] || NaN)
  if (index >= 0) items[next]?.focus()
}
