// Postern from the working tree: built with the project's build.mjs, then copied into the cache
// folder (so a rebuild by someone else mid-run changes nothing measured) and bundled from there
// like a peer: entries/postern.js with the bench's esbuild settings, and the classic CDN script
// with its classic/ chunks beside a plain page.
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle } from './bundle.mjs'
import { ENTRIES } from './install.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))

export async function buildPostern(dir) {
  const built = spawnSync(process.execPath, [join(root, 'build.mjs'), '--no-types', '--quiet'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (built.status !== 0) throw new Error('build.mjs failed')
  const app = join(dir, 'postern')
  const pkg = join(app, 'node_modules', 'postern')
  rmSync(app, { recursive: true, force: true })
  mkdirSync(join(app, 'src'), { recursive: true })
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pb-postern', private: true, version: '0.0.0', type: 'module' }))
  cpSync(join(root, 'dist', 'esm'), join(pkg, 'dist', 'esm'), { recursive: true })
  cpSync(join(root, 'dist', 'cdn'), join(pkg, 'dist', 'cdn'), { recursive: true })
  copyFileSync(join(root, 'package.json'), join(pkg, 'package.json'))
  copyFileSync(join(ENTRIES, 'postern.js'), join(app, 'src', 'postern.js'))
  await bundle(app, 'src/postern.js', 'postern')
  copyFileSync(join(ENTRIES, 'postern-wc.js'), join(app, 'src', 'postern-wc.js'))
  await bundle(app, 'src/postern-wc.js', 'postern-wc')
  const cdn = join(app, 'dist-postern-cdn')
  mkdirSync(cdn, { recursive: true })
  copyFileSync(join(pkg, 'dist', 'cdn', 'postern.js'), join(cdn, 'postern.js'))
  cpSync(join(pkg, 'dist', 'cdn', 'classic'), join(cdn, 'classic'), { recursive: true })
  copyFileSync(join(ENTRIES, 'postern-cdn.html'), join(cdn, 'index.html'))
  writePreloadPage(cdn, join(app, 'dist-postern-cdn-preload'))
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== ''
  return `${head}${dirty ? ' + working-tree changes in src/' : ''}`
}

/**
 * The CDN page with one line a site can add: a modulepreload of the modal's chunk (its name is
 * fixed: classic/loadModal.js, beside postern.js), so it downloads beside the script instead of
 * after it has run. Opt-in variant 'postern-cdn-preload'.
 */
export function writePreloadPage(cdn, out) {
  rmSync(out, { recursive: true, force: true })
  cpSync(cdn, out, { recursive: true })
  const page = readFileSync(join(cdn, 'index.html'), 'utf8')
  const hinted = page.replace('</head>', '<link rel="modulepreload" href="./classic/loadModal.js">\n</head>')
  if (hinted === page) throw new Error('postern-cdn.html has no </head>')
  writeFileSync(join(out, 'index.html'), hinted)
}
