// The newcomer's path: `npm ci` accepts the lockfile as it is committed.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
// @ts-expect-error: a plain .mjs script without types
import { completeLockfile, platformOf } from '../../dev/lockfile-platforms.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const test = suite('lockfile')

/** `npm ci --dry-run` in a scratch folder holding only package.json and the given lockfile. */
function npmCiDryRun(lock: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'postern-lock-'))
  try {
    copyFileSync(join(root, 'package.json'), join(dir, 'package.json'))
    // The workspace packages' manifests: their dependencies are in the lockfile too.
    for (const name of readdirSync(join(root, 'packages'))) {
      mkdirSync(join(dir, 'packages', name), { recursive: true })
      copyFileSync(join(root, 'packages', name, 'package.json'), join(dir, 'packages', name, 'package.json'))
    }
    writeFileSync(join(dir, 'package-lock.json'), lock)
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const run = spawnSync(npm, ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' })
    return { status: run.status, output: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const committed = readFileSync(join(root, 'package-lock.json'), 'utf8')

test('behavior: npm ci accepts the committed lockfile', () => {
  const { status, output } = npmCiDryRun(committed)
  assert.is(status, 0, output)
})

test('behavior: npm ci refuses a lockfile that has drifted from package.json', () => {
  const lock = JSON.parse(committed)
  delete lock.packages['node_modules/litesvm-darwin-arm64']
  const { status, output } = npmCiDryRun(JSON.stringify(lock))
  assert.is.not(status, 0)
  assert.match(output, /in sync/)
})

test('behavior: every optional platform package is recorded', () => {
  assert.equal(completeLockfile(JSON.parse(committed)), [])
})

/** Lockfile entries bound to an os or cpu that npm must install anyway: on any other platform `npm install` refuses them. */
function requiredPlatformPackages(lock: { packages: Record<string, { os?: string[]; cpu?: string[]; optional?: boolean }> }): string[] {
  return Object.entries(lock.packages).filter(([, e]) => (e.os || e.cpu) && !e.optional).map(([path]) => path)
}

test('behavior: every package bound to a platform is optional, so npm install works on macOS and arm64 too', () => {
  assert.equal(requiredPlatformPackages(JSON.parse(committed)), [])
  // As when a platform build was a direct dependency (a linux-x64 Postgres, say).
  const lock = JSON.parse(committed)
  const [path, entry] = Object.entries(lock.packages as Record<string, { os?: string[]; optional?: boolean }>).find(([, e]) => e.os)!
  delete entry.optional
  assert.equal(requiredPlatformPackages(lock), [path])
})

test('lockfile-platforms: platform fields come from the package name', () => {
  assert.equal(platformOf('litesvm-linux-arm64-musl'), { os: ['linux'], cpu: ['arm64'], libc: ['musl'] })
  assert.equal(platformOf('@foundry-rs/anvil-win32-amd64'), { os: ['win32'], cpu: ['x64'] })
  assert.equal(platformOf('@foundry-rs/anvil-darwin-arm64'), { os: ['darwin'], cpu: ['arm64'] })
  assert.is(platformOf('left-pad'), undefined)
})

test('lockfile-platforms: a missing platform package is added for its platform only', () => {
  const lock = { packages: { '': {}, 'node_modules/tool': { version: '1.0.0', dev: true, optionalDependencies: { 'tool-linux-x64-musl': '1.0.0' } } } }
  assert.equal(completeLockfile(lock), ['tool-linux-x64-musl@1.0.0'])
  assert.equal((lock.packages as Record<string, unknown>)['node_modules/tool-linux-x64-musl'], { version: '1.0.0', cpu: ['x64'], dev: true, libc: ['musl'], optional: true, os: ['linux'] })
})

test.run()
