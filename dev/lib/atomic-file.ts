import { mkdir, rename, writeFile } from 'node:fs/promises'

/** Write to a temporary file, then rename: a reader (or a crash) never sees half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, text)
  await rename(temporary, file)
}

export interface Saver {
  /** Writes the final state; no saves after it. */
  stop(): Promise<void>
}

/**
 * Keeps `file` (in `dir`) holding `snapshot()`: now, `delayMs` after each change `source` reports
 * (a burst of changes is one write), and on stop. Writes stay in order; a failed one is a warning.
 */
export function keepSaved(source: { onChange?: (() => void) | undefined }, opts: { dir: string; file: string; label: string; snapshot: () => string; delayMs?: number }): Saver {
  const { dir, file, label, snapshot, delayMs = 1000 } = opts
  let timer: NodeJS.Timeout | undefined
  let writes: Promise<void> = mkdir(dir, { recursive: true }).then(() => undefined)
  const save = (): Promise<void> => {
    clearTimeout(timer)
    timer = undefined
    // Taken now, synchronously, so the file holds one consistent moment.
    const text = snapshot()
    writes = writes
      .then(() => writeAtomically(file, text))
      .catch((error: unknown) => console.warn(`[${label}] could not save the ledger to ${file}: ${error instanceof Error ? error.message : String(error)}`))
    return writes
  }
  source.onChange = () => {
    timer ??= setTimeout(() => void save(), delayMs).unref()
  }
  void save()
  return {
    stop: () => {
      source.onChange = undefined
      return save()
    },
  }
}
