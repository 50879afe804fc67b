import * as v from 'valibot'
import { recoverMessageAddress, type Address, type Hex } from 'viem'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'

/** The zone every name lives in (AppKit's ReownName), and what /suggestions accepts. */
export const NAME_ZONE = 'reown.id'
/** A signed registration older than this (or this far in the future) is refused. */
export const MESSAGE_MAX_AGE_S = 10 * 60

/** SPEC section 5: at least 4 characters, letters, digits and hyphens only. */
export const NameLabel = v.pipe(
  v.string(),
  v.minLength(4, 'must be at least 4 characters'),
  v.regex(/^[a-zA-Z0-9-]+$/, 'may contain only letters, digits and hyphens'),
)
/** A full name: label.reown.id. */
export const FullName = v.pipe(
  v.string(),
  v.maxLength(80, 'is too long'),
  v.check((s) => s.toLowerCase().endsWith(`.${NAME_ZONE}`), `must end with .${NAME_ZONE}`),
  v.transform((s) => s.toLowerCase()),
  v.check((s) => v.is(NameLabel, s.slice(0, -NAME_ZONE.length - 1)), 'must be at least 4 characters of letters, digits and hyphens before the zone'),
)

export interface NameRow {
  name: string
  address: string
  coin_type: number
  attributes: string
  registered_at: number
  updated_at: number | null
}

/** The hosted API's name record (BlockchainApiLookupEnsName), keyed by coin type. */
export function nameRecord(row: NameRow) {
  const created = new Date(Number(row.registered_at)).toISOString()
  return {
    name: row.name,
    registered_at: created,
    updated_at: row.updated_at ? new Date(Number(row.updated_at)).toISOString() : undefined,
    addresses: { [String(row.coin_type)]: { address: row.address, created } },
    attributes: [JSON.parse(row.attributes) as Record<string, string>].filter((a) => Object.keys(a).length > 0),
  }
}

export async function nameByName(db: Queryable, name: string): Promise<NameRow | undefined> {
  const [row] = await db.query<NameRow & Record<string, unknown>>('SELECT * FROM names WHERE name = $1', [name.toLowerCase()])
  return row
}

export async function namesOf(db: Queryable, address: string): Promise<NameRow[]> {
  return db.query<NameRow & Record<string, unknown>>('SELECT * FROM names WHERE lower(address) = lower($1) ORDER BY registered_at DESC', [address])
}

/** Inserts a name; false when someone holds it already (the primary key decides, race-free). */
export async function insertName(db: Queryable, row: Omit<NameRow, 'updated_at'>): Promise<boolean> {
  const inserted = await db.query('INSERT INTO names (name, address, coin_type, attributes, registered_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING name', [
    row.name, row.address, row.coin_type, row.attributes, row.registered_at,
  ])
  return inserted.length === 1
}

/** SPEC section 7: an EVM chain's coin type is 0x80000000 OR its chain id (ENSIP-11); 60 is Ethereum's. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (coinType >= 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000 || undefined
  return undefined
}

/**
 * Whether `signature` signs `message` for `address`: on a chain this server serves, viem's
 * verifyMessage (an EOA's recovery, ERC-1271 for a deployed smart account, ERC-6492 for one not
 * yet deployed); elsewhere only an EOA's recovery.
 */
export async function verifySignature(chain: EvmChain | undefined, address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    if (chain) return await chain.client.verifyMessage({ address, message, signature })
    return (await recoverMessageAddress({ message, signature })).toLowerCase() === address.toLowerCase()
  } catch {
    return false
  }
}
