// The co-signer's rows (migrations 018, 019): its permissions (a sealed key each) and the user operations
// prepared under them, each sent at most once.
import type { Queryable } from '../db/types.ts'

export type PermissionStatus = 'pending' | 'active' | 'revoked'

export interface CosignerPermission {
  pci: string
  projectId: string
  /** The smart account, lower case. */
  address: string
  /** eip155:<id> */
  chain: string
  cosignerAddress: `0x${string}`
  cosignerKeySealed: string
  /** The site's request as validated (JSON): its keys and scope. */
  request: string
  /** Unix seconds. */
  expiry: number
  status: PermissionStatus
}

type PermissionRow = {
  pci: string; project_id: string; address: string; chain: string; cosigner_address: string; cosigner_key_sealed: string
  request: string; expiry: string | number; status: string
}

const toPermission = (r: PermissionRow): CosignerPermission => ({
  pci: r.pci, projectId: r.project_id, address: r.address, chain: r.chain, cosignerAddress: r.cosigner_address as `0x${string}`,
  cosignerKeySealed: r.cosigner_key_sealed, request: r.request, expiry: Number(r.expiry), status: r.status as PermissionStatus,
})

export async function insertPermission(db: Queryable, p: CosignerPermission): Promise<void> {
  await db.query(
    `INSERT INTO cosigner_permissions (pci, project_id, address, chain, cosigner_address, cosigner_key_sealed, request, expiry, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [p.pci, p.projectId, p.address, p.chain, p.cosignerAddress, p.cosignerKeySealed, p.request, p.expiry, p.status, Date.now()],
  )
}

export async function findPermission(db: Queryable, pci: string): Promise<CosignerPermission | undefined> {
  const [row] = await db.query<PermissionRow>('SELECT * FROM cosigner_permissions WHERE pci = $1', [pci])
  return row && toPermission(row)
}

/** Pending or active → revoked, once: false when it was revoked already. */
export async function revokePermission(db: Queryable, pci: string): Promise<boolean> {
  const rows = await db.query("UPDATE cosigner_permissions SET status = 'revoked', revoked_at = $2 WHERE pci = $1 AND status <> 'revoked' RETURNING 1", [pci, Date.now()])
  return rows.length === 1
}

/** Pending → active with the expiry the chain granted; false when it was not pending. */
export async function activatePermission(db: Queryable, pci: string, expiry: number): Promise<boolean> {
  const rows = await db.query("UPDATE cosigner_permissions SET status = 'active', expiry = $2 WHERE pci = $1 AND status = 'pending' RETURNING 1", [pci, expiry])
  return rows.length === 1
}

export interface PreparedCall {
  id: string
  pci: string
  /** The user operation in its JSON-RPC form. */
  userOperation: string
  userOpHash: `0x${string}`
  status: 'prepared' | 'sent'
}

type CallRow = { id: string; pci: string; user_operation: string; user_op_hash: string; status: string }
const toCall = (r: CallRow): PreparedCall => ({ id: r.id, pci: r.pci, userOperation: r.user_operation, userOpHash: r.user_op_hash as `0x${string}`, status: r.status as PreparedCall['status'] })

export async function insertCall(db: Queryable, c: Omit<PreparedCall, 'status'>): Promise<void> {
  await db.query(
    "INSERT INTO cosigner_calls (id, pci, user_operation, user_op_hash, status, created_at) VALUES ($1, $2, $3, $4, 'prepared', $5)",
    [c.id, c.pci, c.userOperation, c.userOpHash, Date.now()],
  )
}

export async function findCall(db: Queryable, id: string): Promise<PreparedCall | undefined> {
  const [row] = await db.query<CallRow>('SELECT id, pci, user_operation, user_op_hash, status FROM cosigner_calls WHERE id = $1', [id])
  return row && toCall(row)
}

export async function findCallByHash(db: Queryable, hash: string): Promise<PreparedCall | undefined> {
  const [row] = await db.query<CallRow>('SELECT id, pci, user_operation, user_op_hash, status FROM cosigner_calls WHERE user_op_hash = $1', [hash.toLowerCase()])
  return row && toCall(row)
}

/** Prepared → sent, once: false when another request spent it first (a replay). */
export async function claimCall(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query("UPDATE cosigner_calls SET status = 'sent' WHERE id = $1 AND status = 'prepared' RETURNING 1", [id])
  return rows.length === 1
}
