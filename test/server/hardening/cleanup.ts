// What must not pile up: expired nonces, codes, links, channels and sessions are purged on a
// timer, and the Solana addresses followed for lookups are bounded.
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { startPurge } from '../../../server/purge.ts'
import { watchSolana } from '../../../server/indexer/solana.ts'
import type { ApiCtx } from '../../dev/api-fixture.ts'

const HOUR = 3_600_000

export function cleanupCases(test: Test<ApiCtx>): void {
  test('purge: expired nonces, codes, links, channels and sessions are deleted on a timer; live ones stay', async (ctx) => {
    const db = ctx.api!.db
    const now = Date.now()
    for (const [tag, at] of [['old', now - HOUR], ['new', now + HOUR]] as const) {
      await db.query('INSERT INTO siwx_nonces (nonce, project_id, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [`purge-${tag}`, 'test', '0xabc', now - 2 * HOUR, at])
      await db.query(`INSERT INTO siwx_sessions (pci, project_id, address, address_key, chain_id, domain, uri, nonce, message, signature, cacao, data, expires_at, created_at)
        VALUES ($1, 'test', '0xabc', '0xabc', 'eip155:1', 'd', 'u', $1, 'm', 's', '{}', '{}', $2, $3)`, [`purge-${tag}`, at, now - 2 * HOUR])
      await db.query('INSERT INTO email_codes (email, code_hash, sent_at, expires_at) VALUES ($1, $2, $3, $4)', [`purge-${tag}@example.com`, 'h', now - 2 * HOUR, at])
      await db.query('INSERT INTO embedded_users (id, email, created_at) VALUES ($1, $1, $2)', [`purge-${tag}`, now])
      await db.query('INSERT INTO embedded_sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $1, $2, $3)', [`purge-${tag}`, now - 2 * HOUR, at])
      await db.query('INSERT INTO device_links (token_hash, email, device_hash, expires_at) VALUES ($1, $1, $1, $2)', [`purge-${tag}`, at])
      await db.query('INSERT INTO farcaster_channels (channel_token, nonce, domain, created_at) VALUES ($1, $1, $1, $2)', [`purge-${tag}`, tag === 'old' ? now - HOUR : now])
      await db.query(`INSERT INTO cosigner_permissions (pci, project_id, address, chain, cosigner_address, cosigner_key_sealed, request, expiry, status, created_at)
        VALUES ($1, 'test', '0xabc', 'eip155:1', '0xdef', 's', '{}', $2, 'active', $3)`, [`purge-${tag}`, Math.floor(at / 1000), now - 2 * HOUR])
    }
    const tables = ['siwx_nonces', 'siwx_sessions', 'email_codes', 'embedded_sessions', 'device_links', 'farcaster_channels', 'cosigner_permissions']
    const keys: Record<string, string> = { siwx_nonces: 'nonce', siwx_sessions: 'pci', email_codes: 'email', embedded_sessions: 'token_hash', device_links: 'token_hash', farcaster_channels: 'channel_token', cosigner_permissions: 'pci' }
    const left = async () => {
      const out: string[] = []
      for (const t of tables) out.push(...(await db.query<{ k: string }>(`SELECT ${keys[t]} AS k FROM ${t} WHERE ${keys[t]} LIKE 'purge-%'`)).map((r) => `${t}:${r.k}`))
      return out.sort()
    }
    assert.is((await left()).length, 14)
    const purge = startPurge(db, 30)
    try {
      const deadline = Date.now() + 5_000
      while ((await left()).length > 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 30))
    } finally {
      await purge.stop()
    }
    assert.equal(await left(), tables.map((t) => `${t}:purge-new${t === 'email_codes' ? '@example.com' : ''}`).sort())
  })

  test('solana: the addresses followed for lookups are bounded; configured ones stay; a dropped one takes its token accounts', async (ctx) => {
    const db = ctx.api!.db
    const addr = (i: number) => `Watch${String(i).padStart(3, '0')}${'1'.repeat(30)}`
    await watchSolana(db, 'PinnedAddress1111111111111111111111', { pinned: true, max: 3 })
    for (let i = 0; i < 5; i++) await watchSolana(db, addr(i), { max: 3, now: 1_000 + i })
    await db.query("INSERT INTO solana_watch (address, token_account, owner) VALUES ('TokenAcct0', true, $1), ('TokenAcct4', true, $2)", [addr(0), addr(4)])
    // Asking again about the oldest makes it the newest.
    await watchSolana(db, addr(2), { max: 3, now: 2_000 })
    await watchSolana(db, addr(5), { max: 3, now: 2_001 })
    const rows = await db.query<{ address: string }>('SELECT address FROM solana_watch ORDER BY address')
    assert.equal(rows.map((r) => r.address).sort(), ['PinnedAddress1111111111111111111111', 'TokenAcct4', addr(2), addr(4), addr(5)].sort())
  })
}
