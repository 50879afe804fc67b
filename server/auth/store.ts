import { randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../db/index.ts'
import { HttpError } from '../http.ts'
import type { SiwxFields } from './message.ts'

/** How long an issued nonce can be spent. */
export const NONCE_TTL_MS = 5 * 60_000

/** EVM addresses compare case-insensitively; base58 ones exactly. */
export const addressKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

export async function issueNonce(db: Db, projectId: string, address: string, now = Date.now()): Promise<{ nonce: string; expiresAt: number }> {
  // EIP-4361: at least 8 alphanumeric characters.
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = now + NONCE_TTL_MS
  await db.query('INSERT INTO siwx_nonces (nonce, project_id, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [nonce, projectId, addressKey(address), now, expiresAt])
  return { nonce, expiresAt }
}

export interface StoredSession {
  pci: string
  data: Record<string, unknown>
  message: string
  signature: string
  cacao: unknown
  chainId: string
  domain: string
  createdAt: number
  expiresAt: number
}

/** How long a session lasts when its message sets no Expiration Time. */
export const SESSION_MAX_MS = 7 * 24 * 3_600_000

/** Records the session of a message whose nonce was spent (spendNonce) and whose signature holds. */
export async function saveSession(db: Db, projectId: string, f: SiwxFields, message: string, signature: string, cacao: unknown, now = Date.now()): Promise<StoredSession> {
  const pci = randomBytes(16).toString('hex')
  // AppKit's SIWXMessage.Data shape, so a client hands it back as a SIWXSession unchanged.
  const { address, scheme: _scheme, ...rest } = f
  const data = { accountAddress: address, ...rest }
  const expiresAt = f.expirationTime ? Date.parse(f.expirationTime) : now + SESSION_MAX_MS
  await db.query(
    `INSERT INTO siwx_sessions (pci, project_id, address, address_key, chain_id, domain, uri, nonce, message, signature, cacao, data, issued_at, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [pci, projectId, f.address, addressKey(f.address), f.chainId, f.domain, f.uri, f.nonce, message, signature, JSON.stringify(cacao), JSON.stringify(data),
      f.issuedAt ? Date.parse(f.issuedAt) : null, expiresAt, now],
  )
  return { pci, data, message, signature, cacao, chainId: f.chainId, domain: f.domain, createdAt: now, expiresAt }
}

/** Marks the message's nonce used, or throws saying why it cannot be (changing nothing then). */
export async function spendNonce(tx: Queryable, projectId: string, f: SiwxFields, now = Date.now()): Promise<void> {
  const spent = await tx.query(
    'UPDATE siwx_nonces SET used_at = $5 WHERE nonce = $1 AND project_id = $2 AND address = $3 AND used_at IS NULL AND expires_at > $4 RETURNING nonce',
    [f.nonce, projectId, addressKey(f.address), now, now],
  )
  if (spent.length) return
  // Say why, without having changed anything.
  const [row] = await tx.query<{ address: string; used_at: string | null; expires_at: string; project_id: string }>('SELECT address, used_at, expires_at, project_id FROM siwx_nonces WHERE nonce = $1', [f.nonce])
  if (!row || row.project_id !== projectId) throw new HttpError(400, 'nonce: was not issued by this service')
  if (row.used_at !== null) throw new HttpError(409, 'nonce: has already been used')
  if (row.address !== addressKey(f.address)) throw new HttpError(400, 'nonce: was issued for another address')
  throw new HttpError(400, 'nonce: has expired')
}

type SessionRow = { pci: string; data: string; message: string; signature: string; cacao: string; chain_id: string; domain: string; created_at: string; expires_at: string | null; address: string }

const toSession = (r: SessionRow): StoredSession => ({
  pci: r.pci,
  data: JSON.parse(r.data) as Record<string, unknown>,
  message: r.message,
  signature: r.signature,
  cacao: JSON.parse(r.cacao) as unknown,
  chainId: r.chain_id,
  domain: r.domain,
  createdAt: Number(r.created_at),
  // Rows from before sessions were capped have none: they end SESSION_MAX_MS after they began.
  expiresAt: r.expires_at === null ? Number(r.created_at) + SESSION_MAX_MS : Number(r.expires_at),
})

/** The address's sessions that are neither revoked nor expired, newest first. */
export async function listSessions(db: Db, projectId: string, address: string, now = Date.now()): Promise<StoredSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT * FROM siwx_sessions WHERE address_key = $1 AND project_id = $2 AND revoked_at IS NULL AND COALESCE(expires_at, created_at + $4) > $3
     ORDER BY created_at DESC, pci`,
    [addressKey(address), projectId, now, SESSION_MAX_MS],
  )
  return rows.map(toSession)
}

/** One live session of the address, with the address as it signed. */
export async function findSession(db: Db, projectId: string, address: string, pci: string): Promise<(StoredSession & { address: string }) | undefined> {
  const [row] = await db.query<SessionRow>('SELECT * FROM siwx_sessions WHERE pci = $1 AND address_key = $2 AND project_id = $3 AND revoked_at IS NULL', [pci, addressKey(address), projectId])
  return row && { ...toSession(row), address: row.address }
}

export async function revokeSession(db: Db, pci: string, now = Date.now()): Promise<void> {
  await db.query('UPDATE siwx_sessions SET revoked_at = $2 WHERE pci = $1 AND revoked_at IS NULL', [pci, now])
}

/** The text a revoke is signed over; the modal writes the same (src/lazy/siwx/revoke.ts). */
export const revokeMessage = (address: string, pci: string) => `Revoke sign-in session ${pci} for ${address}`
