// A DevTools trace's main-thread time in a window, by event name: each complete event's own time
// (its children's taken out), so a function call that forces a style recalculation counts the
// style under its own name. Pure: used by main-thread.mjs, tested in test/bench.

/**
 * `events`: the trace; `sync`: a 'pb-sync' user-timing mark's page time (ms), which places the
 * page's performance.now() on the trace's clock and names the renderer's main thread (the mark's
 * pid and tid); the window [from, to] in page time. Returns { total, idle, kinds: [[name, ms]] },
 * the kinds by time, largest first.
 */
export function selfTimes(events, sync, from, to) {
  const mark = events.find((e) => e.name === 'pb-sync' && e.ph !== 'M')
  if (!mark) throw new Error('the trace has no pb-sync mark')
  const offset = mark.ts / 1000 - sync
  const [start, end] = [from + offset, to + offset]
  const clip = (e) => Math.max(0, Math.min(end, (e.ts + e.dur) / 1000) - Math.max(start, e.ts / 1000))
  const own = events
    .filter((e) => e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid && typeof e.dur === 'number' && clip(e) > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const self = new Map()
  const stack = []
  let busy = 0
  for (const e of own) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop()
    const ms = clip(e)
    const parent = stack.at(-1)
    if (parent) self.set(parent, self.get(parent) - ms)
    else busy += ms
    self.set(e, ms)
    stack.push(e)
  }
  const kinds = new Map()
  for (const [e, ms] of self) kinds.set(e.name, (kinds.get(e.name) ?? 0) + ms)
  return { total: busy, idle: to - from - busy, kinds: [...kinds].filter(([, ms]) => ms >= 0.05).sort((a, b) => b[1] - a[1]) }
}

/**
 * The same window as a timeline: each main-thread event of at least `min` ms, indented by its
 * nesting, with its start (ms from `from`), duration and, where the trace names one, the function,
 * the event type or the script. For `main-thread.mjs --timeline`.
 */
export function timeline(events, sync, from, to, min = 0.3) {
  const mark = events.find((e) => e.name === 'pb-sync' && e.ph !== 'M')
  if (!mark) throw new Error('the trace has no pb-sync mark')
  const offset = mark.ts / 1000 - sync
  const [start, end] = [from + offset, to + offset]
  const own = events
    .filter((e) => e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid && typeof e.dur === 'number' && e.ts / 1000 < end && (e.ts + e.dur) / 1000 > start)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const lines = []
  const stack = []
  for (const e of own) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop()
    stack.push(e)
    if (e.dur / 1000 < min) continue
    const data = e.args?.data ?? e.args?.beginData ?? {}
    const what = data.functionName || data.type || (data.url ?? '').split('/').pop() || ''
    lines.push(`${(e.ts / 1000 - start).toFixed(1).padStart(7)} ${(e.dur / 1000).toFixed(1).padStart(6)} ms ${'  '.repeat(stack.length - 1)}${e.name}${what ? ` ${what}` : ''}`)
  }
  return lines
}
