import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'

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

/**
 * What `file` holds, made into a value by `load` (which throws when it does not hold together), or
 * undefined when there is no file. A file that cannot be loaded is moved aside (`file`.corrupt)
 * with a warning, so the caller starts afresh and the old file stays for a look.
 */
export async function readSaved<T>(file: string, label: string, load: (text: string) => T): Promise<T | undefined> {
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[${label}] cannot read ${file} (${describe(error)}); starting a fresh ledger`)
    return undefined
  }
  try {
    return load(text)
  } catch (error) {
    const aside = `${file}.corrupt`
    await rename(file, aside).catch(() => undefined)
    console.warn(`[${label}] ${file} is not a ledger this version can load (${describe(error)}); starting a fresh ledger (the old file is now ${aside})`)
    return undefined
  }
}
