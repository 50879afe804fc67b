// AppKit's imports → Postern's entries, as the README's "Switching from AppKit" table gives them,
// and the rewrite of an example app's sources and package.json to use them.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Entries the examples import that the README's table may not list yet: each maps to the Postern
 * entry that brings it, so the app builds the day that entry lands and fails clearly until then.
 */
export const PENDING_ENTRIES = {
  '@reown/appkit/core': 'postern/core',
  '@reown/appkit/react-core': 'postern/react-core',
  '@reown/appkit/vue': 'postern/vue',
  '@reown/appkit/vue-core': 'postern/vue-core',
  '@reown/appkit-common': 'postern/common',
  '@reown/appkit-adapter-ethers': 'postern/ethers',
  '@reown/appkit-adapter-ethers5': 'postern/ethers5',
  '@reown/appkit-adapter-solana/vue': 'postern/solana',
  '@reown/appkit-siwe': 'postern/siwe',
  '@reown/appkit-experimental/smart-session': 'postern/experimental/smart-session',
  '@reown/appkit-adapter-bitcoin': 'postern/bitcoin',
  '@reown/appkit-adapter-tron': 'postern/tron',
  '@reown/appkit-universal-connector': 'postern/universal-connector',
  '@reown/appkit-pay': 'postern/pay',
  '@reown/appkit-pay/react': 'postern/pay/react',
}

/** The README's switching table: each `@reown/...` cell's names → the Postern entry beside them. */
export function readmeEntries(readme) {
  const section = readme.split('## Switching from AppKit')[1]?.split('\n## ')[0] ?? ''
  const map = {}
  for (const [, left, right] of section.matchAll(/^\|([^|]*@reown\/[^|]*)\|\s*`([^`]+)`\s*\|$/gm)) {
    for (const [, name] of left.matchAll(/`(@reown\/[^`]+)`/g)) map[name] = right
  }
  return map
}

/** The README's table first, then the pending entries for what it does not list. */
export function entryMap(readme) {
  return { ...PENDING_ENTRIES, ...readmeEntries(readme) }
}

const SOURCE = /\.(m?[jt]sx?|vue|svelte)$/

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(name)) yield path
  }
}

/** The app's source files, relative to its folder. */
export const sourceList = (appDir) => [...sourceFiles(appDir)].map((f) => relative(appDir, f))

/**
 * Rewrites every `@reown/...` module name in the app's sources (imports, `import()`, re-exports,
 * type imports) per the map; a name with no entry is kept, so the build names it. Returns the
 * rewrites done and the names left unmapped.
 */
export function rewriteSources(appDir, map) {
  const done = new Map()
  const unmapped = new Set()
  for (const file of sourceFiles(appDir)) {
    const text = readFileSync(file, 'utf8')
    const next = text.replace(/(['"])(@reown\/[\w./-]+)\1/g, (all, quote, name) => {
      const target = map[name]
      if (!target) {
        unmapped.add(name)
        return all
      }
      done.set(`${name} → ${target}`, (done.get(`${name} → ${target}`) ?? 0) + 1)
      return `${quote}${target}${quote}`
    })
    if (next !== text) writeFileSync(file, next)
  }
  return { rewrites: [...done.keys()], unmapped: [...unmapped], files: sourceList(appDir) }
}

/** The app's package.json without `@reown/*` packages and with Postern from its packed tarball. */
export function rewritePackageJson(appDir, posternTarball) {
  const file = join(appDir, 'package.json')
  const pkg = JSON.parse(readFileSync(file, 'utf8'))
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const name of Object.keys(pkg[field] ?? {})) if (name.startsWith('@reown/')) delete pkg[field][name]
  }
  pkg.dependencies = { ...pkg.dependencies, postern: `file:${posternTarball}` }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`)
  return pkg
}
