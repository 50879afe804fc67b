// `npm run lock`: records in package-lock.json every platform package that a native tool lists
// as optional but that this machine's registry does not carry (anvil's and litesvm's macOS,
// Windows, arm64 and musl builds). npm leaves those out when it cannot resolve them, and then
// `npm ci` refuses the lockfile as out of sync. Each entry names its platform, so npm skips it
// everywhere but on that platform, where the public registry has it.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url))

/** os, cpu and libc from a platform package's name, e.g. litesvm-linux-arm64-musl. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => ['darwin', 'linux', 'win32', 'freebsd', 'android'].includes(p))
  const cpuPart = parts.find((p) => ['arm64', 'x64', 'amd64', 'ia32', 'arm'].includes(p))
  if (!os || !cpuPart) return undefined
  const platform = { os: [os], cpu: [cpuPart === 'amd64' ? 'x64' : cpuPart] }
  if (os === 'linux') platform.libc = [parts.includes('musl') ? 'musl' : 'glibc']
  return platform
}

/** The lockfile with an entry added for every optional platform package it lacks. */
export function completeLockfile(lock) {
  const packages = lock.packages
  const added = []
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const target = `${path ? `${path}/` : ''}node_modules/${name}`
      if (packages[target] || packages[`node_modules/${name}`]) continue
      const platform = platformOf(name)
      if (!platform) throw new Error(`${name} (optional dependency of ${path}) is missing and names no platform`)
      // Keys in npm's own order, so a later `npm install` rewrites nothing.
      const { os, cpu, libc } = platform
      packages[`node_modules/${name}`] = { version, cpu, ...(entry.dev ? { dev: true } : {}), ...(libc ? { libc } : {}), optional: true, os }
      added.push(`${name}@${version}`)
    }
  }
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
  return added
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'))
  const added = completeLockfile(lock)
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(added.length ? `package-lock.json: recorded ${added.join(', ')}` : 'package-lock.json: complete')
}
