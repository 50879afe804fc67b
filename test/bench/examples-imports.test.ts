// bench/examples: AppKit's imports mapped to Postern's entries per the README's switching table,
// in an app's sources and package.json (the registry and browser parts run in the bench only).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error: a plain .mjs module of the bench, without declarations
import { entryMap, readmeEntries, rewritePackageJson, rewriteSources } from '../../bench/examples/imports.mjs'

const root = new URL('../../', import.meta.url)
const readme = readFileSync(new URL('README.md', root), 'utf8')
const test = suite('bench/examples imports')

test('the README\'s switching table gives each @reown name its entry', () => {
  const map = readmeEntries(readme)
  assert.is(map['@reown/appkit'], 'postern')
  assert.is(map['@reown/appkit/react'], 'postern/react')
  assert.is(map['@reown/appkit-adapter-solana'], 'postern/solana')
  assert.is(map['@reown/appkit-adapter-solana/react'], 'postern/solana/react')
  assert.is(map['@reown/appkit-adapter-wagmi'], 'postern/wagmi')
  // Entries the table may not list yet map to the entry that brings them.
  assert.is(entryMap(readme)['@reown/appkit/vue'], 'postern/vue')
})

test('an app\'s imports, type imports, re-exports and import() are rewritten; an unknown name is kept and reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'examples-imports-'))
  try {
    mkdirSync(join(dir, 'src'))
    mkdirSync(join(dir, 'node_modules/x'), { recursive: true })
    writeFileSync(join(dir, 'src/app.tsx'), [
      `import { createAppKit } from '@reown/appkit/react'`,
      `import type { AppKitNetwork } from "@reown/appkit/networks"`,
      `export { mainnet } from '@reown/appkit/networks'`,
      `const lazy = () => import('@reown/appkit-adapter-wagmi')`,
      `import { BitcoinAdapter } from '@reown/appkit-adapter-nothing'`,
    ].join('\n'))
    writeFileSync(join(dir, 'node_modules/x/index.js'), `import '@reown/appkit'`)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { '@reown/appkit': '1.8.19', react: '19.2.1' }, devDependencies: { '@reown/appkit-siwx': '1.8.19' } }))
    const { unmapped, files } = rewriteSources(dir, entryMap(readme))
    const text = readFileSync(join(dir, 'src/app.tsx'), 'utf8')
    assert.ok(text.includes(`from 'postern/react'`))
    assert.ok(text.includes(`from "postern/networks"`))
    assert.ok(text.includes(`export { mainnet } from 'postern/networks'`))
    assert.ok(text.includes(`import('postern/wagmi')`))
    assert.equal(unmapped, ['@reown/appkit-adapter-nothing'])
    assert.equal(files, ['src/app.tsx'])
    assert.is(readFileSync(join(dir, 'node_modules/x/index.js'), 'utf8'), `import '@reown/appkit'`)
    const pkg = rewritePackageJson(dir, '/tmp/postern-0.1.0.tgz')
    assert.equal(pkg.dependencies, { react: '19.2.1', postern: 'file:/tmp/postern-0.1.0.tgz' })
    assert.equal(pkg.devDependencies, {})
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
