import { readFileSync } from 'node:fs'

/**
 * Waiting for a service process to start, by its progress rather than the wall clock: on a
 * machine whose cores are all busy a start that takes 5 s alone takes a minute or more, and a
 * fixed deadline then fails a process that is starting, only slowly. So the limit is on the CPU
 * time the process itself has used while not yet answering (a start that has burnt that much is
 * stuck in a loop, not slow), with a wall-clock cap far above any loaded start, for a process
 * that waits on something that never comes.
 */
export interface StartLimits {
  /** CPU time (user + system) the process may use before it answers. */
  cpuMs: number
  /** Wall-clock time, whatever the process's progress. */
  wallMs: number
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100

/** The CPU time a process has used (ms), or undefined where /proc is not there (or it ended). */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined
  } catch {
    return undefined
  }
}

/**
 * Calls `check` every `intervalMs` until it returns a value, and resolves to it. Rejects with
 * `describe(reason)` once the process `pid` has used `limits.cpuMs` of CPU since it started, or
 * `limits.wallMs` have passed; `check` may throw to fail at once (the process exited).
 */
export async function waitForStart<T>(
  pid: number | undefined,
  check: () => Promise<T | undefined> | T | undefined,
  limits: StartLimits,
  describe: (reason: string) => Error,
  intervalMs = 100,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    const wall = Date.now() - started
    const cpu = (pid && cpuTimeMs(pid)) || 0
    if (cpu >= limits.cpuMs) return Promise.reject(describe(`after ${Math.round(cpu / 1000)} s of its own CPU time (${Math.round(wall / 1000)} s in all)`))
    if (wall >= limits.wallMs) return Promise.reject(describe(`within ${Math.round(wall / 1000)} s (${Math.round(cpu / 1000)} s of its own CPU time)`))
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
