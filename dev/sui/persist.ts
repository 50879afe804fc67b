import { join } from 'node:path'
import * as v from 'valibot'
import { keepSaved, readSaved, type Saver } from '../lib/atomic-file.ts'
import { sealCoin } from './objects.ts'
import { SuiLedger, type LedgerState } from './ledger.ts'

// The local Sui ledger kept in a state folder (`npm start`: .dev-state/sui/ledger.json), so coins,
// transactions and checkpoints survive a restart as the other local chains' do.

/** Bump when the shape changes; an unknown version is treated like a corrupt file (fresh ledger, with a warning). */
const VERSION = 1
const FILE_NAME = 'ledger.json'

const Id = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/))
const Digest = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
const Big = v.pipe(v.string(), v.regex(/^\d{1,40}$/), v.transform((s: string) => BigInt(s)))
const Int = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const Json = v.record(v.string(), v.unknown())
const StateFile = v.object({
  version: v.literal(VERSION),
  coins: v.array(v.object({ objectId: Id, version: Big, digest: Digest, owner: Id, balance: Big, previousTransaction: Digest, storageRebate: Big })),
  transactions: v.array(v.object({
    digest: Digest, bytes: v.string(), signatures: v.array(v.string()), effects: Json, balanceChanges: v.array(Json), objectChanges: v.array(Json), timestampMs: Int, checkpoint: Int,
  })),
  checkpoints: v.pipe(v.array(v.object({ sequenceNumber: Int, digest: Digest, previousDigest: v.optional(Digest), timestampMs: Int, transactions: v.array(Digest) })), v.minLength(1)),
})

/** The ledger saved in `dir`, or undefined when there is none (a corrupt file is moved aside). */
export function loadSuiLedger(dir: string): Promise<SuiLedger | undefined> {
  return readSaved(join(dir, FILE_NAME), 'sui', (text) => {
    const parsed = v.safeParse(StateFile, JSON.parse(text))
    if (!parsed.success) throw new Error(parsed.issues.slice(0, 3).map((i) => `${v.getDotPath(i) ?? 'file'}: ${i.message}`).join('; '))
    const { version: _version, ...state } = parsed.output
    // A coin whose digest is not its own contents' was edited by hand: the file is not taken.
    for (const coin of state.coins) if (sealCoin(coin).digest !== coin.digest) throw new Error(`coin ${coin.objectId} does not match its digest`)
    return new SuiLedger(state as LedgerState)
  })
}

/** Keeps `dir`/ledger.json up to date: now, a second after each change, and on stop. */
export function persistSui(ledger: SuiLedger, dir: string): Saver {
  return keepSaved(ledger, {
    dir,
    file: join(dir, FILE_NAME),
    label: 'sui',
    snapshot: () => JSON.stringify({ version: VERSION, ...ledger.exportState() }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  })
}
