// DESIGN.md section 2, enforced on the real import graph of src/ (read by the TypeScript compiler).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cycles, importGraph, staticallyReachable, type Edge } from './import-graph.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The architecture: which rooms each room may import. `static` covers every import a module
 * needs at load (types included); `lazy` rooms only through import() (or `import('x')` types).
 * A room is a folder of src/, or a top-level file by its name.
 */
const ALLOWED: Record<string, { static: string[]; lazy?: string[] }> = {
  types: { static: [] },
  utils: { static: ['types'] },
  api: { static: ['utils', 'types'] },
  ui: { static: ['utils', 'types'], lazy: ['i18n'] },
  i18n: { static: [] },
  signals: { static: ['api', 'utils', 'types'] },
  views: { static: ['signals', 'ui', 'utils', 'types'], lazy: ['lazy'] },
  lazy: { static: ['signals', 'ui', 'utils', 'types'] },
  adapters: { static: ['utils', 'types'], lazy: ['lazy'] },
  networks: { static: ['types', 'appkit-types'] },
  chunks: { static: [], lazy: ['views', 'signals', 'lazy'] },
  kit: { static: ['chunks', 'signals', 'utils', 'types'] },
  instance: { static: ['kit'] },
  elements: { static: ['instance', 'kit', 'signals', 'utils', 'types'] },
  index: { static: ['kit', 'instance', 'elements', 'chunks', 'signals', 'utils', 'types', 'networks', 'appkit-types'] },
  react: { static: ['index', 'kit', 'instance', 'chunks', 'signals', 'utils', 'types', 'appkit-types', 'pay'], lazy: ['lazy'] },
  cdn: { static: ['index', 'networks', 'adapters'] },
  // postern/siwx: BIP122Verifier's Bitcoin message checks (@scure) by import(), only when a bip122 session is checked.
  siwx: { static: ['instance', 'signals', 'utils', 'types'], lazy: ['lazy'] },
  wagmi: { static: ['instance', 'kit', 'utils', 'types'], lazy: ['lazy'] },
  'solana-adapter': { static: ['adapters', 'types'] },
  'solana-react': { static: ['solana-adapter', 'react'] },
  tron: { static: ['adapters', 'utils', 'types'] },
  bitcoin: { static: ['adapters', 'types'] },
  // AppKit's type names, and its further entries (postern/core, react-core, common, siwe, experimental/smart-session).
  'appkit-types': { static: ['types', 'signals'] },
  core: { static: ['index', 'kit', 'signals', 'appkit-types'] },
  'react-core': { static: ['core', 'react', 'instance', 'kit', 'signals', 'appkit-types'] },
  common: { static: ['types', 'appkit-types', 'networks'] },
  siwe: { static: ['siwx', 'signals', 'instance', 'types'] },
  'smart-session': { static: ['instance', 'signals', 'utils', 'types'] },
  // postern/pay: its controller holds the state; the Pay views (lazy/pay) get it through the route.
  pay: { static: ['instance', 'signals', 'utils', 'types'], lazy: ['lazy'] },
  'pay-react': { static: ['react'] },
  ethers: { static: ['adapters', 'types'] },
  ethers5: { static: ['ethers'] },
  vue: { static: ['index', 'kit', 'instance', 'chunks', 'signals', 'utils', 'types', 'react'] },
  'vue-core': { static: ['vue'] },
  // AppKit's universal connector: postern/core over the WalletConnect chunk (its provider by import()).
  'universal-connector': { static: ['core', 'chunks', 'kit', 'signals', 'appkit-types'], lazy: ['lazy'] },
}

/** Entry points a page loads before any chunk: nothing heavy and no lazy code may be in their static closure. */
const LOADER_ENTRIES = ['index.ts', 'react.ts', 'networks.ts', 'adapters/index.ts', 'cdn/index.ts', 'cdn/classic.ts']
const HEAVY = /^(viem|ox|@solana\/|@walletconnect\/|@wallet-standard\/|qrcode-generator|@noble\/|@scure\/)/

const room = (path: string) => (path.includes('/') ? path.split('/')[0]! : path.replace(/\.tsx?$/, ''))
const ours = (edge: Edge) => /\.tsx?$/.test(edge.to)

export function forbiddenArrows(edges: Edge[]): string[] {
  return edges.filter(ours).filter((e) => {
    const [from, to] = [room(e.from), room(e.to)]
    if (from === to) return false
    const rule = ALLOWED[from]
    if (!rule) return true
    return !(rule.static.includes(to) || (e.kind !== 'static' && rule.lazy?.includes(to)))
  }).map((e) => `${e.from} → ${e.to} (${e.kind})`)
}

export function heavyInLoader(edges: Edge[], entries: string[]): string[] {
  const loader = staticallyReachable(edges, entries)
  return edges
    .filter((e) => e.kind === 'static' && loader.has(e.from) && (HEAVY.test(e.to) || /^(lazy|views)\//.test(e.to)))
    .map((e) => `${e.from} → ${e.to}`)
}

const test = suite('import rules')
const edges = importGraph(join(root, 'src'), join(root, 'tsconfig.json'))

test('behavior: src/ has no import cycle, lazy and type-only imports included', () => {
  assert.equal(cycles(edges), [])
})

test('behavior: every room imports only the rooms DESIGN.md allows', () => {
  assert.equal(forbiddenArrows(edges), [])
})

test('behavior: nothing the loader reaches statically imports viem, Solana, WalletConnect, a QR encoder, src/lazy/ or the views', () => {
  assert.equal(heavyInLoader(edges, LOADER_ENTRIES), [])
})

test('behavior: every room of src/ is in the table', () => {
  const rooms = new Set(edges.map((e) => room(e.from)))
  assert.equal([...rooms].filter((r) => !ALLOWED[r]), [])
  assert.ok(edges.length > 200, `the graph was read (${edges.length} edges)`)
})

/** A throwaway tree, read by the same graph reader as src/. */
function tree(files: Record<string, string>): Edge[] {
  const dir = mkdtempSync(join(tmpdir(), 'postern-graph-'))
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'src', path)), { recursive: true })
      writeFileSync(join(dir, 'src', path), text)
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }))
    return importGraph(join(dir, 'src'), join(dir, 'tsconfig.json'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('the checker itself: it finds a type-only cycle and a cycle through import()', () => {
  const typeCycle = tree({ 'signals/a.ts': "import type { B } from './b'\nexport type A = B", 'signals/b.ts': "import { a } from './a'\nexport type B = 1\nexport const b = a" })
  assert.equal(cycles(typeCycle), [['signals/a.ts', 'signals/b.ts']])
  const lazyCycle = tree({ 'chunks.ts': "export const load = () => import('./views/v')", 'views/v.ts': "import { load } from '../chunks'\nexport const v = load" })
  assert.equal(cycles(lazyCycle), [['chunks.ts', 'views/v.ts']])
})

test('the checker itself: it finds a forbidden arrow and heavy code in the loader', () => {
  const bad = tree({
    'utils/u.ts': "import { s } from '../signals/s'\nexport const u = s",
    'signals/s.ts': 'export const s = 1',
    'adapters/x.ts': "import { View } from '../views/V'\nexport const x = View",
    'views/V.ts': 'export const View = 1',
    'index.ts': "import { u } from './utils/u'\nimport { createPublicClient } from 'viem'\nexport const i = [u, createPublicClient]",
  })
  assert.equal(forbiddenArrows(bad).sort(), ['adapters/x.ts → views/V.ts (static)', 'utils/u.ts → signals/s.ts (static)'])
  assert.equal(heavyInLoader(bad, ['index.ts']), ['index.ts → viem'])
})

test.run()
