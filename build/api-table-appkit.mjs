// AppKit 1.8's public surface, read from its source (a git directory of reown-com/appkit), for
// build/api-table.ts: options, features, instance methods, React hooks and components, elements,
// events, theme variables and networks. Run it to refresh build/appkit-api.json:
//   node build/api-table-appkit.mjs /path/to/reown-com+appkit/repo
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { posix } from 'node:path'

const show = (gitDir, path) => execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 })
const uniq = (list) => [...new Set(list)]

/** The names declared at the first level of a `{ ... }` block that starts at `start`. */
function blockKeys(text, start) {
  const open = text.indexOf('{', start)
  let depth = 0
  let i = open
  const keys = []
  for (; i < text.length; i++) {
    const c = text[i]
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) break
    else if (depth === 1 && (i === open + 1 || text[i - 1] === '\n')) {
      const m = /^\s*'?([\w-]+)'?\??:/.exec(text.slice(i, i + 120))
      if (m) keys.push(m[1])
    }
  }
  return uniq(keys)
}

/** Where an AppKit module specifier points inside the repository (its own packages only). */
function resolveModule(gitDir, from, specifier) {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts')
  const m = /^@reown\/appkit-([\w-]+)(?:\/([\w/-]+))?$/.exec(specifier)
  if (!m) return undefined
  // Most packages sit under their short name; appkit-utils under its full one.
  const candidates = [`packages/${m[1]}/exports/${m[2] ?? 'index'}.ts`, `packages/${m[1]}/${m[2] ?? 'index'}.ts`, `packages/appkit-${m[1]}/exports/${m[2] ?? 'index'}.ts`]
  return candidates.find((path) => { try { show(gitDir, path); return true } catch { return false } })
}

/** The value (non-type) names an AppKit entry file exports, following its `export *` into AppKit's own packages. */
export function entryValues(gitDir, file, seen = new Set()) {
  if (seen.has(file)) return []
  seen.add(file)
  const text = show(gitDir, file).replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')
  const names = [...text.matchAll(/^export (?:declare )?(?:async )?(?:function\*?|const|let|var|class|enum|abstract class) (\w+)/gm)].map((m) => m[1])
  for (const m of text.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of m[1].split(',').map((p) => p.trim()).filter((p) => p && !p.startsWith('type '))) names.push(part.split(/\s+as\s+/).pop())
  }
  for (const m of text.matchAll(/^export \* from '([^']+)'/gm)) {
    const target = resolveModule(gitDir, file, m[1])
    if (target) names.push(...entryValues(gitDir, target, seen))
  }
  return uniq(names).sort()
}

/** The entries of AppKit a site imports beyond the main ones, by Postern's entry name. */
export const APPKIT_ENTRIES = {
  core: 'packages/appkit/exports/core.ts',
  'react-core': 'packages/appkit/exports/react-core.ts',
  common: 'packages/common/index.ts',
  siwe: 'packages/siwe/exports/index.ts',
  'experimental/smart-session': 'packages/experimental/exports/smart-session/index.ts',
  'solana/react': 'packages/adapters/solana/exports/react.ts',
  pay: 'packages/pay/exports/index.ts',
  'pay/react': 'packages/pay/exports/react.ts',
  tron: 'packages/adapters/tron/exports/index.ts',
  bitcoin: 'packages/adapters/bitcoin/exports/index.ts',
  'universal-connector': 'packages/universal-connector/exports/index.ts',
}

export function readAppKit(gitDir) {
  const typesUtil = show(gitDir, 'packages/appkit/src/utils/TypesUtil.ts')
  const optionsController = show(gitDir, 'packages/controllers/src/controllers/OptionsController.ts')
  const internal = new Set(['sdkType', 'sdkVersion', 'isSiweEnabled', 'isUniversalProvider', 'remoteFeatures', 'basic'])
  const options = uniq([
    ...blockKeys(typesUtil, typesUtil.indexOf('export type AppKitOptions')),
    ...blockKeys(optionsController, optionsController.indexOf('export interface OptionsControllerStatePublic')),
  ]).filter((k) => !internal.has(k)).sort()

  const typeUtil = show(gitDir, 'packages/controllers/src/utils/TypeUtil.ts')
  const features = blockKeys(typeUtil, typeUtil.indexOf('export type Features =')).sort()

  const methods = uniq(['packages/appkit/src/client/appkit-base-client.ts', 'packages/appkit/src/client/appkit.ts'].flatMap((file) =>
    [...show(gitDir, file).matchAll(/^ {2}public (?:override )?(?:async )?(\w+)\s*(?:=\s*(?:async\s*)?(?:<[^>]*>)?\(|<[^>]*>\(|\()/gm)].map((m) => m[1]),
  )).filter((name) => name !== 'constructor').sort()

  const reactFiles = ['packages/appkit/exports/react.ts', 'packages/appkit/src/library/react/index.ts', 'packages/controllers/exports/react.ts']
  const hooks = uniq(reactFiles.flatMap((file) => [...show(gitDir, file).matchAll(/export (?:function|const) (use\w+)|export \{([^}]*)\}/g)]
    .flatMap((m) => (m[1] ? [m[1]] : m[2].split(',').map((s) => s.trim().split(' as ').pop()).filter((s) => /^use[A-Z]/.test(s)))))).sort()
  const components = uniq([
    ...[...show(gitDir, 'packages/appkit/src/library/react/components.ts').matchAll(/export const (AppKit\w+)/g)].map((m) => m[1]),
    ...[...show(gitDir, 'packages/appkit/exports/react.ts').matchAll(/export \{ (AppKit\w+) \}/g)].map((m) => m[1]),
  ]).sort()

  const elementFiles = ['w3m-button', 'w3m-connect-button', 'w3m-account-button', 'w3m-network-button', 'w3m-modal']
  const elements = elementFiles.flatMap((dir) => [...show(gitDir, `packages/scaffold-ui/src/modal/${dir}/index.ts`).matchAll(/@customElement\('([\w-]+)'\)/g)].map((m) => m[1])).sort()

  const eventStart = typeUtil.indexOf('export type Event =')
  const eventEnd = typeUtil.indexOf('\nexport ', eventStart + 10)
  const events = uniq([...typeUtil.slice(eventStart, eventEnd).matchAll(/event: '([A-Z0-9_]+)'/g)].map((m) => m[1])).sort()

  const themeUtil = show(gitDir, 'packages/common/src/utils/ThemeUtil.ts')
  const themeVariables = blockKeys(themeUtil, themeUtil.indexOf('export interface ThemeVariables')).sort()

  // The networks module: viem's chains, then its own files (followed one level of `export *`).
  const dir = 'packages/appkit/src/networks/'
  const named = (text) => [...text.matchAll(/^export (?:const|function) (\w+)|^export \{([^}]*)\}/gm)]
    .flatMap((m) => (m[1] ? [m[1]] : m[2].split(',').map((s) => s.trim().split(' as ').pop()).filter(Boolean)))
  const networksFile = show(gitDir, `${dir}index.ts`)
  const files = [...networksFile.matchAll(/^export \* from '\.\/([\w/.-]+)\.js'/gm)].map((m) => m[1])
  const networkExports = uniq([...named(networksFile), ...files.flatMap((f) => {
    const text = show(gitDir, `${dir}${f}.ts`)
    const inner = [...text.matchAll(/^export \* from '\.\/([\w.-]+)\.js'/gm)].map((m) => `${dir}${f.replace(/[^/]+$/, '')}${m[1]}.ts`)
    return [...named(text), ...inner.flatMap((p) => named(show(gitDir, p)))]
  })]).sort()
  const reexportsViemChains = /export \* from 'viem\/chains'/.test(networksFile)

  const entries = Object.fromEntries(Object.entries(APPKIT_ENTRIES).map(([name, file]) => [name, entryValues(gitDir, file)]))
  // The Vue entries' composables and createAppKit (their own file, the library's, the controllers'),
  // and the ethers adapters' classes.
  const valueNames = (text) => [...text.matchAll(/^export (?:async )?(?:function|const|class) (\w+)|^export \{([^}]*)\}/gm)]
    .flatMap((m) => (m[1] ? [m[1]] : m[2].split(',').map((s) => s.trim().split(' as ').pop()).filter(Boolean)))
  const vueLibrary = ['packages/appkit/src/library/vue/index.ts', 'packages/controllers/exports/vue.ts'].flatMap((f) => valueNames(show(gitDir, f)))
  const composables = (file) => uniq([...valueNames(show(gitDir, file)), ...vueLibrary]).filter((n) => /^(use[A-Z]|createAppKit$)/.test(n)).sort()
  const vue = { vue: composables('packages/appkit/exports/vue.ts'), vueCore: composables('packages/appkit/exports/vue-core.ts') }
  const ethers = Object.fromEntries(['ethers', 'ethers5'].map((name) => [name, valueNames(show(gitDir, `packages/adapters/${name}/src/index.ts`)).sort()]))

  return { version: '1.8', options, features, methods, hooks, components, elements, events, themeVariables, networks: { exports: networkExports, reexportsViemChains }, entries, ...vue, ethers }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const gitDir = process.argv[2]
  if (!gitDir) throw new Error('usage: node build/api-table-appkit.mjs <git dir of reown-com/appkit>')
  const api = readAppKit(gitDir)
  writeFileSync(new URL('./appkit-api.json', import.meta.url), `${JSON.stringify(api, null, 2)}\n`)
  console.log(Object.entries(api).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.length : typeof v === 'object' ? (v.exports ?? Object.values(v).flat()).length : v}`).join(', '))
}
