// Postern's declarations as `npm run build` emits them (tsc -p tsconfig.build.json), emitted once
// for each state of the sources and shared by the tests that need them (the package test and the
// JSX types test): a whole emit takes tsc tens of seconds, and `npm test` would pay it twice.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const cache = join(root, 'node_modules/.cache/postern')
const WAIT_MS = 400_000

/** What the declarations depend on: the sources, the tsconfigs and the installed packages (their types). */
function sourcesKey(): string {
  const hash = createHash('sha256')
  const add = (file: string) => hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else add(join(dir, entry.name))
    }
  }
  walk(join(root, 'src'))
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) add(join(root, file))
  return hash.digest('hex').slice(0, 16)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The folder of the declarations of the sources as they are now. The first caller emits them
 * (into a folder of its own, renamed into place when complete); a caller meanwhile waits for it.
 */
export async function declarations(): Promise<string> {
  const dir = join(cache, `types-${sourcesKey()}`)
  const lock = `${dir}.lock`
  mkdirSync(cache, { recursive: true })
  const deadline = Date.now() + WAIT_MS
  while (!existsSync(dir)) {
    try {
      mkdirSync(lock)
    } catch {
      // Another process emits: wait for its folder, unless it died before finishing.
      const owner = Number(readFileSafe(join(lock, 'pid')))
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`declarations: ${lock} held for ${WAIT_MS / 1000} s`)
      else await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid))
      if (existsSync(dir)) break
      const out = `${dir}.tmp-${process.pid}`
      rmSync(out, { recursive: true, force: true })
      try {
        // --noCheck: the same declarations (a union's members may come in another order) for half
        // the CPU; the sources' type errors are the type check's to find (npm test runs it).
        execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--noCheck', '--outDir', out], { encoding: 'utf8', stdio: 'pipe', timeout: WAIT_MS })
      } catch (error) {
        rmSync(out, { recursive: true, force: true })
        throw new Error(`declarations: tsc failed:\n${(error as { stdout?: string }).stdout ?? String(error)}`)
      }
      renameSync(out, dir)
      // The declarations of earlier states of the sources are of no more use.
      for (const name of readdirSync(cache)) if (/^types-[0-9a-f]{16}$/.test(name) && join(cache, name) !== dir) rmSync(join(cache, name), { recursive: true, force: true })
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
  return dir
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
