import { randomBytes } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import * as v from 'valibot'
import { keepSaved, type Saver } from '../lib/atomic-file.ts'
import { toBase58 } from './encoding.ts'
import type { Genesis } from './genesis.ts'
import { Ledger } from './ledger.ts'
import { deserializeState, serializeState, StateFile } from './state-file.ts'

const FILE_NAME = 'ledger.json'

/**
 * A fresh ledger kept in a state folder is a new chain: a genesis hash of its own tells the API
 * server's indexer (which may remember an older ledger) to drop what it had.
 */
export function newGenesisHash(): string {
  return toBase58(randomBytes(32))
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The ledger saved in `dir`, or undefined if there is none. A file that cannot be read back is
 * moved aside (ledger.json.corrupt) with a warning: the stack then starts a fresh ledger.
 */
export async function loadLedger(dir: string): Promise<{ ledger: Ledger; genesis: Genesis } | undefined> {
  const file = join(dir, FILE_NAME)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    console.warn(`[solana] cannot read ${file} (${describe(error)}); starting a fresh ledger`)
    return undefined
  }
  try {
    const parsed = v.safeParse(StateFile, JSON.parse(text))
    if (!parsed.success) {
      throw new Error(parsed.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? 'file'}: ${issue.message}`).join('; '))
    }
    const { state, genesis } = await deserializeState(parsed.output)
    return { ledger: new Ledger({ restore: state }), genesis }
  } catch (error) {
    const aside = `${file}.corrupt`
    await rename(file, aside).catch(() => undefined)
    console.warn(`[solana] ${file} is not a ledger this version can load (${describe(error)}); starting a fresh ledger (the old file is now ${aside})`)
    return undefined
  }
}

/** Keeps `dir`/ledger.json up to date: now, a second after each change, and on stop. */
export function persistLedger(ledger: Ledger, genesis: Genesis, dir: string): Saver {
  return keepSaved(ledger, { dir, file: join(dir, FILE_NAME), label: 'solana', snapshot: () => serializeState(ledger.exportState(), genesis) })
}
