// Whether a process still runs, read from /proc: the runner's own tests check what it killed.
import { readFileSync } from 'node:fs'

/** True while the process exists and has not ended (a zombie has ended: it only waits to be reaped). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '')
  } catch {
    return false
  }
}
