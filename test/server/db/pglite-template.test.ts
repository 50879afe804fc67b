// New in-memory databases start from a migrated template: the same schema and rows as a database
// migrated from nothing, never a stale schema, and a damaged template file costs only speed.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { migrate, migrations } from '../../../server/db/migrate.ts'
import { openDb } from '../../../server/db/index.ts'
import { openPglite, pgliteDb } from '../../../server/db/pglite.ts'
import { templateFile, templateKey } from '../../../server/db/pglite-template.ts'
import type { Db } from '../../../server/db/types.ts'

/** dir: the template folder; plain: the schema of a database migrated from nothing; good: a current template file. */
const test = suite<{ dir: string; plain: string; good: Buffer }>('PGlite template', { dir: '', plain: '', good: Buffer.alloc(0) })

/** Everything the migrations make: tables and columns, constraints, indexes, functions, triggers, sequences and rows. */
async function schemaOf(db: Db): Promise<string> {
  const parts: unknown[] = [
    await db.query(`SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    await db.query(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
    await db.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexdef`),
    await db.query(`SELECT proname, pg_get_functiondef(oid) AS def FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`),
    await db.query(`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`),
    await db.query(`SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`),
    await db.query(`SELECT version, name FROM schema_migrations ORDER BY version`),
  ]
  const tables = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY 1`)
  for (const { name } of tables) parts.push([name, await db.query(`SELECT * FROM "${name}" AS r ORDER BY r::text`)])
  return JSON.stringify(parts, null, 1)
}

const appliedAt = async (db: Db) => (await db.query<{ applied_at: string }>('SELECT applied_at FROM schema_migrations ORDER BY version')).map((r) => String(r.applied_at))

async function opened(templateDir: string | false, run: (db: Db) => Promise<void>): Promise<void> {
  const db = await openDb({ pgliteTemplateDir: templateDir })
  try {
    await run(db)
  } finally {
    await db.close()
  }
}

test.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'postern-pglite-template-'))
  const db = await openPglite(undefined, { templateDir: false })
  assert.equal(await migrate(db), migrations().map((m) => m.version), 'without a template every migration runs')
  ctx.plain = await schemaOf(db)
  await db.close()
})
test.after((ctx) => rmSync(ctx.dir, { recursive: true, force: true }))

const file = (ctx: { dir: string }) => templateFile(ctx.dir, templateKey(migrations()))

test('behavior: the first database makes the template; the next is a copy of it, with the schema of a plain migrated one', async (ctx) => {
  let made: string[] = []
  await opened(ctx.dir, async (db) => {
    assert.equal(await migrate(db), [], 'the database the template is made from is migrated')
    made = await appliedAt(db)
  })
  assert.ok(existsSync(file(ctx)), 'no template written')
  ctx.good = readFileSync(file(ctx))
  assert.equal(readdirSync(ctx.dir), [file(ctx).slice(ctx.dir.length + 1)], 'only the template is left (no temp files)')
  await opened(ctx.dir, async (db) => {
    assert.equal(await appliedAt(db), made, 'not a copy of the template (its migrations were applied again)')
    assert.equal(await migrate(db), [])
    assert.fixture(await schemaOf(db), ctx.plain)
  })
})

test('behavior: a copy is a database of its own (what one writes the next does not see)', async (ctx) => {
  await opened(ctx.dir, (db) => db.query(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'probe', 0)`).then(() => undefined))
  await opened(ctx.dir, async (db) => assert.equal(await db.query('SELECT name FROM schema_migrations WHERE version = 999'), []))
})

test('behavior: the key changes with any migration\'s content, name or number, and with the PGlite version', () => {
  const list = migrations()
  const key = templateKey(list, '1.0.0')
  const last = list.at(-1)!
  assert.is(templateKey(list, '1.0.0'), key)
  assert.is.not(templateKey([...list.slice(0, -1), { ...last, sql: `${last.sql}\n-- edited` }], '1.0.0'), key)
  assert.is.not(templateKey([...list.slice(0, -1), { ...last, name: `${last.name}-x` }], '1.0.0'), key)
  assert.is.not(templateKey([...list.slice(0, -1), { ...last, version: last.version + 1 }], '1.0.0'), key)
  assert.is.not(templateKey(list.slice(0, -1), '1.0.0'), key)
  assert.is.not(templateKey(list, '1.0.1'), key)
  assert.match(templateKey(list), /^[0-9a-f]{32}$/)
})

test('protection: a template missing the last migration under the current key still ends with the whole schema', async (ctx) => {
  const stale = await PGlite.create('memory://')
  const list = migrations()
  await migrate(pgliteDb(stale), list.slice(0, -1))
  const staleAt = await appliedAt(pgliteDb(stale))
  writeFileSync(file(ctx), gzipSync(Buffer.from(await (await stale.dumpDataDir('none')).arrayBuffer())))
  await stale.close()
  await opened(ctx.dir, async (db) => {
    assert.equal((await appliedAt(db)).slice(0, -1), staleAt, 'not a copy of the stale template')
    assert.fixture(await schemaOf(db), ctx.plain)
  })
})

for (const [damage, bytes] of [
  ['truncated', (good: Buffer) => good.subarray(0, good.length >> 1)],
  ['a gzip of no tar', () => gzipSync(Buffer.alloc(1 << 16))],
  ['a tar cut short', (good: Buffer) => gzipSync(gunzipSync(good).subarray(0, 1 << 20))],
] as const) {
  test(`protection: a template file that is ${damage} is passed over and made again`, async (ctx) => {
    writeFileSync(file(ctx), bytes(ctx.good))
    await opened(ctx.dir, async (db) => {
      assert.fixture(await schemaOf(db), ctx.plain)
    })
    assert.ok(gunzipSync(readFileSync(file(ctx))).length > 1 << 20, 'the damaged template was not made again')
  })
}

test('behavior: databases opened at once all work and leave one whole template, none of other schemas', async (ctx) => {
  rmSync(file(ctx))
  writeFileSync(templateFile(ctx.dir, '0'.repeat(32)), 'a template of an older schema')
  const dbs = await Promise.all([0, 1].map(() => openDb({ pgliteTemplateDir: ctx.dir })))
  for (const db of dbs) {
    assert.fixture(await schemaOf(db), ctx.plain)
    await db.close()
  }
  assert.equal(readdirSync(ctx.dir), [file(ctx).slice(ctx.dir.length + 1)])
})

test.run()
