import type { HistoryItem } from '../../signals/history'

const DAY_MS = 86_400_000

/** A day's heading: Today, Yesterday, else the date in the visitor's locale. */
export function dayLabel(date: Date, now = new Date()): string {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  const days = Math.round((start(now) - start(date)) / DAY_MS)
  if (days === 0) return 'Today'
  if (days === 1) return 'Yesterday'
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
}

/** Items (newest first) in runs of the same day, in order. */
export function groupByDay(items: HistoryItem[], now = new Date()): { label: string; items: HistoryItem[] }[] {
  const groups: { label: string; items: HistoryItem[] }[] = []
  for (const item of items) {
    const label = dayLabel(new Date(item.metadata.minedAt), now)
    const last = groups.at(-1)
    if (last?.label === label) last.items.push(item)
    else groups.push({ label, items: [item] })
  }
  return groups
}
