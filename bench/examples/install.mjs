// Postern packed as a site gets it (`npm pack` of a fresh build), then each app installed and built
// with its own scripts. Apps whose own dependencies do not resolve on the registry are retried
// with --legacy-peer-deps, then with the nearest published version of what is missing: the
// table marks both.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Runs a command; resolves with its exit code and combined output (never rejects). */
export function run(command, args, { cwd, env, timeoutMs = 900_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => {
      output += `\n[examples] timed out after ${timeoutMs / 1000} s`
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('error', (error) => (output += `\n${error.message}`))
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, output })
    })
  })
}

/** Builds Postern from the working tree and packs it into `dir`; the tarball's path. */
export function packPostern(root, dir) {
  const build = spawnSync(process.execPath, [join(root, 'build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('the Postern build failed')
  const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' })
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`)
  return join(dir, pack.stdout.trim().split('\n').pop())
}

const NPM_FLAGS = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']

/** The published version of `name` nearest to `wanted` (same major first, then the closest below, else above). */
function nearestVersion(name, wanted) {
  const view = spawnSync('npm', ['view', name, 'versions', '--json'], { encoding: 'utf8' })
  if (view.status !== 0) return undefined
  const versions = [].concat(JSON.parse(view.stdout)).filter((v) => !v.includes('-'))
  const num = (v) => v.split('.').map(Number)
  const target = num(wanted.replace(/^[^\d]*/, ''))
  const cmp = (a, b) => num(a).reduce((d, n, i) => d || n - num(b)[i], 0)
  const below = versions.filter((v) => cmp(v, target.join('.')) <= 0).sort(cmp)
  const sameMajor = below.filter((v) => num(v)[0] === target[0])
  return sameMajor.at(-1) ?? below.at(-1) ?? versions.sort(cmp)[0]
}

/**
 * npm install in the app folder. Returns { ok, marks, error }: marks name what was changed to
 * install at all ('legacy-peer-deps', 'nearest X@v').
 */
export async function installApp(dir) {
  const marks = []
  let flags = [...NPM_FLAGS]
  for (let attempt = 0; attempt < 6; attempt++) {
    const { code, output } = await run('npm', ['install', ...flags], { cwd: dir })
    if (code === 0) return { ok: true, marks }
    if (/ERESOLVE/.test(output) && !flags.includes('--legacy-peer-deps')) {
      flags.push('--legacy-peer-deps')
      marks.push('legacy-peer-deps')
      continue
    }
    const missing = /No matching version found for (@?[^@\s]+)@(\S+?)\.?\s/.exec(output)
    const nearest = missing && nearestVersion(missing[1], missing[2])
    if (missing && nearest && setVersion(dir, missing[1], nearest)) {
      marks.push(`nearest ${missing[1]}@${nearest}`)
      continue
    }
    return { ok: false, marks, error: firstError(output) }
  }
  return { ok: false, marks, error: 'install: gave up after 6 attempts' }
}

/** Pins `name` to `version` wherever the app's package.json names it (dependencies, overrides). */
function setVersion(dir, name, version) {
  const file = join(dir, 'package.json')
  const pkg = JSON.parse(readFileSync(file, 'utf8'))
  let changed = false
  for (const field of ['dependencies', 'devDependencies', 'overrides']) {
    if (pkg[field]?.[name] !== undefined && pkg[field][name] !== version) {
      pkg[field][name] = version
      changed = true
    }
  }
  if (!changed) {
    // A transitive dependency: pin it through overrides.
    pkg.overrides = { ...pkg.overrides, [name]: version }
    changed = true
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`)
  return changed
}

/**
 * `next build`'s lint failure ("Failed to compile." above the file, then `22:23  Error: … rule`):
 * the first rule broken, with its file and place.
 */
function lintError(lines) {
  const at = lines.findIndex((l) => /^\d+:\d+\s+Error:/.test(l))
  if (at < 0) return undefined
  const file = lines.slice(0, at).findLast((l) => /^\.?\/\S+$/.test(l))
  return `${file ? `${file} ` : ''}${lines[at].replace(/\s+/g, ' ')}`
}

/** The first line of a tool's output that reads as an error, shortened for a table cell. */
export function firstError(output) {
  const lines = output.split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim()).filter(Boolean)
  // The type checker's own message first (tsc, vue-tsc, Next's "Type error:"): run side by side with
  // the bundler, it may print after the bundler's warnings. Then a bundler's resolve error, then any error line.
  const compiler = lines.find((l) => /error TS\d+|Type error:/.test(l))
  const specific = compiler ?? lintError(lines) ?? lines.find((l) => /Module not found|is not exported|Missing ".*" specifier/.test(l))
  const line = specific ?? lines.find((l) => /\berror\b|Error:|ERR!|failed|Cannot find|not found/i.test(l) && !/^npm warn/i.test(l)) ?? lines.at(-1) ?? ''
  return line.length > 160 ? `${line.slice(0, 157)}…` : line
}

/**
 * Environment for an app's build and server: the stack's project id under every name the examples
 * read, and the secret next-siwe-next-auth's .env.example asks for (its route refuses to load without);
 * `extra`: what `--env app:KEY=VALUE` gives the app.
 */
export const buildEnv = (projectId, extra = {}) => ({
  VITE_PROJECT_ID: projectId, NEXT_PUBLIC_PROJECT_ID: projectId, PROJECT_ID: projectId,
  NEXTAUTH_SECRET: 'postern-examples-next-auth-secret',
  NEXT_TELEMETRY_DISABLED: '1', CI: '1', NODE_ENV: 'production',
  ...extra,
})

/**
 * The app's own `build` script, unchanged. When it fails, the bundler alone (vite build, or next
 * build without lint), so the app can still be tried in the browser: { ok, bundled, error }.
 */
export async function buildApp(dir, projectId, extra = {}) {
  const env = buildEnv(projectId, extra)
  const own = await run('npm', ['run', 'build'], { cwd: dir, env })
  // The whole output stays in the work folder: the table shows only its first error.
  writeFileSync(join(dir, 'examples-build.log'), own.output)
  if (own.code === 0) return { ok: true, bundled: true }
  const error = firstError(own.output)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  // Next.js: its build without the app's own lint rules (an example's `catch (error: any)` stops
  // `next build` whatever the library); the type check still runs.
  if (/\bnext build\b/.test(pkg.scripts?.build ?? '')) {
    const bundler = await run('npx', ['--no-install', 'next', 'build', '--no-lint'], { cwd: dir, env })
    writeFileSync(join(dir, 'examples-bundler.log'), bundler.output)
    return { ok: false, bundled: bundler.code === 0, error }
  }
  if (!/\bvite\b/.test(pkg.scripts?.build ?? '') && !/\bvite\b/.test(pkg.scripts?.['build-only'] ?? '')) return { ok: false, bundled: false, error }
  const bundler = await run('npx', ['--no-install', 'vite', 'build'], { cwd: dir, env })
  writeFileSync(join(dir, 'examples-bundler.log'), bundler.output)
  return { ok: false, bundled: bundler.code === 0, error }
}
