// The chain names AppKit 1.8's @reown/appkit/networks re-exports from viem/chains: it does
// `export * from 'viem/chains'`, so a site gets the chains of its own viem, at least the version
// each 1.8 release asks for ("viem": ">=2.33.3" ... ">=2.45.0"). This reads those floors from
// AppKit's release tags, lists each one's viem/chains (npm pack, so it needs the registry) and
// writes their union to build/appkit-viem-chains.json. test/node/networks.test.ts checks that
// postern/networks exports every name, so a viem upgrade that drops a chain fails there.
//   node build/appkit-viem-chains.mjs /path/to/reown-com+appkit/repo
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const git = (gitDir, ...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })

/** The viem versions AppKit 1.8's releases require at least, oldest first. */
export function viemFloors(gitDir) {
  const tags = git(gitDir, 'tag', '--list', '@reown/appkit@1.8.*').split('\n').filter(Boolean)
  const floors = tags.flatMap((tag) => {
    const pkg = JSON.parse(git(gitDir, 'show', `${tag}:packages/appkit/package.json`))
    const range = pkg.peerDependencies?.viem ?? pkg.dependencies?.viem ?? ''
    const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range)?.[1]
    return floor ? [floor] : []
  })
  const order = (v) => v.split('.').map(Number)
  return [...new Set(floors)].sort((a, b) => order(a).reduce((d, n, i) => d || n - order(b)[i], 0))
}

/** The names viem/chains exports in one published viem (read from its index, not run). */
export function chainNamesOf(version) {
  const dir = mkdtempSync(join(tmpdir(), 'viem-chains-'))
  try {
    const file = execFileSync('npm', ['pack', `viem@${version}`, '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop()
    execFileSync('tar', ['xzf', join(dir, file), '-C', dir, 'package/_esm/chains/index.js'])
    const text = readFileSync(join(dir, 'package/_esm/chains/index.js'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((s) => s.trim().split(/\s+as\s+/).pop()).filter(Boolean))
    return [...new Set(names)]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const gitDir = process.argv[2]
  if (!gitDir) throw new Error('usage: node build/appkit-viem-chains.mjs <git dir of reown-com/appkit>')
  const viem = viemFloors(gitDir)
  const chains = [...new Set(viem.flatMap(chainNamesOf))].sort()
  writeFileSync(new URL('./appkit-viem-chains.json', import.meta.url), `${JSON.stringify({ viem, chains }, null, 1)}\n`)
  console.log(`${chains.length} chain names from viem ${viem.join(', ')}`)
}
