import { join } from 'node:path'
import * as v from 'valibot'
import { keepSaved, readSaved, type Saver } from '../lib/atomic-file.ts'
import { genesisBlockId, type LedgerState, type TronLedger } from './ledger.ts'

// The local TRON ledger kept in a state folder (`npm start`: .dev-state/tron/ledger.json), so
// balances, blocks and transactions survive a restart as the other local chains' do.

/** Bump when the shape changes; an unknown version is treated like a corrupt file (fresh ledger, with a warning). */
const VERSION = 1
const FILE_NAME = 'ledger.json'

const Hex = v.pipe(v.string(), v.regex(/^([0-9a-f]{2})+$/))
const Address = v.pipe(v.string(), v.regex(/^41[0-9a-f]{40}$/))
const Id = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
const Int = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const Big = v.pipe(v.string(), v.regex(/^\d{1,40}$/), v.transform((s: string) => BigInt(s)))
const Transaction = v.object({
  visible: v.boolean(),
  txID: Id,
  raw_data: v.record(v.string(), v.unknown()),
  raw_data_hex: Hex,
  signature: v.optional(v.array(v.string())),
  ret: v.optional(v.array(v.object({ contractRet: v.string() }))),
})
const StateFile = v.object({
  version: v.literal(VERSION),
  /** The genesis block's id: a file of another network is not taken for this one. */
  genesis: Id,
  balances: v.array(v.tuple([Address, Big])),
  created: v.array(v.tuple([Address, Int])),
  tokenBalances: v.array(v.tuple([Address, Big])),
  blocks: v.array(v.object({ number: Int, blockID: Id, parentHash: Id, timestamp: Int, txIDs: v.array(Id) })),
  transactions: v.array(v.object({ tx: Transaction, result: v.picklist(['SUCCESS', 'REVERT']), fee: Big, energy: Int, bandwidth: Int })),
  pending: v.array(Id),
  bandwidthUsed: v.array(v.tuple([Address, v.object({ day: Int, used: Int })])),
})

/**
 * The ledger saved in `dir` (`build` makes it from the saved state, throwing when the state does
 * not hold together), or undefined when there is none. A file that cannot be read back is moved aside (ledger.json.corrupt) with a
 * warning: the node then starts a fresh ledger.
 */
export function loadTronLedger(dir: string, build: (state: LedgerState) => TronLedger): Promise<TronLedger | undefined> {
  return readSaved(join(dir, FILE_NAME), 'tron', (text) => {
    const parsed = v.safeParse(StateFile, JSON.parse(text))
    if (!parsed.success) throw new Error(parsed.issues.slice(0, 3).map((i) => `${v.getDotPath(i) ?? 'file'}: ${i.message}`).join('; '))
    const { version: _version, genesis: saved, ...state } = parsed.output
    if (saved !== genesisBlockId() || state.blocks[0]?.blockID !== saved) throw new Error('it is another network\'s ledger')
    return build(state as LedgerState)
  })
}

/** Keeps `dir`/ledger.json up to date: now, a second after each change, and on stop. */
export function persistTron(ledger: TronLedger, dir: string): Saver {
  return keepSaved(ledger, {
    dir,
    file: join(dir, FILE_NAME),
    label: 'tron',
    snapshot: () => JSON.stringify({ version: VERSION, genesis: ledger.blocks[0]!.blockID, ...ledger.exportState() }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  })
}
