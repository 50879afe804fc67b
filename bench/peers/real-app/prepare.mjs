// AppKit's own react/react-wagmi example (reown-com/appkit-web-examples), prepared twice in the
// peer bench's cache folder: as published (AppKit 1.8 from the registry, the app's package.json
// unchanged) and with Postern's imports (the examples check's rewrite, Postern from `npm pack` of
// this working tree). Both are bundled by the app's own Vite config with the same command, into a
// dist-* folder the bench's loopback server serves at its root.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { extractApp, sourceCommit } from '../../examples/source.mjs'
import { entryMap, rewritePackageJson, rewriteSources } from '../../examples/imports.mjs'
import { firstError, installApp, packPostern, run } from '../../examples/install.mjs'
import { writeFloorPages } from '../install.mjs'

const root = fileURLToPath(new URL('../../../', import.meta.url))
export const APP = { name: 'react-wagmi', path: 'react/react-wagmi' }
/** Each build's bundle folder inside its app folder (the loopback server serves only dist-* folders). */
export const OUT = 'dist-real-app'

const readStamp = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null)
/** What Postern's tarball brings beside itself: a change here needs a full install, not just a new tarball. */
const posternDeps = () => JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies)

/** Installs the app in `dir` from the source (once per source commit, and per Postern dependencies for its build). */
async function installOnce(source, dir, stamp, switchImports, tarball, log) {
  const file = join(dir, 'install.stamp')
  if (readStamp(file) === stamp) return false
  rmSync(dir, { recursive: true, force: true })
  extractApp(source, APP, dir)
  if (switchImports) {
    const { unmapped } = rewriteSources(dir, entryMap(readFileSync(join(root, 'README.md'), 'utf8')))
    if (unmapped.length) throw new Error(`${APP.path}: no Postern entry for ${unmapped.join(', ')}`)
    rewritePackageJson(dir, tarball)
  }
  log(`real app: installing ${switchImports ? 'the Postern build' : 'the AppKit build'} of ${APP.path} (npm, a few minutes)`)
  const installed = await installApp(dir)
  if (!installed.ok) throw new Error(`${APP.path}: npm install failed: ${installed.error}`)
  // What the install had to change to resolve at all (install.mjs: legacy peer deps, a nearest version).
  if (installed.marks.length) log(`real app: installed with ${installed.marks.join(', ')}`)
  writeFileSync(file, stamp)
  return true
}

/** The app's own Vite config, the same command for both builds; the bundle in <dir>/dist-real-app. */
async function viteBuild(dir, log, label) {
  log(`real app: bundling the ${label} build with the app's own Vite config`)
  const built = await run('npx', ['--no-install', 'vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'], { cwd: dir, env: { NODE_ENV: 'production' } })
  if (built.code !== 0) throw new Error(`${label} build: vite build failed: ${firstError(built.output)}`)
}

/**
 * Both builds under <cacheDir>/real-app: { appkit, postern, blank } (each the folder to serve),
 * the source commit, the installed versions, and the Postern commit. The AppKit build is bundled
 * once per source commit; the Postern build gets a fresh `npm pack` of the working tree every time.
 */
export async function prepareRealApp(cacheDir, source, log = console.error) {
  const base = join(cacheDir, 'real-app')
  mkdirSync(base, { recursive: true })
  const commit = sourceCommit(source)
  const appkit = join(base, 'appkit')
  if (await installOnce(source, appkit, commit, false, undefined, log) || !existsSync(join(appkit, OUT, 'index.html'))) {
    await viteBuild(appkit, log, 'AppKit')
  }
  const postern = join(base, 'postern')
  // PEERBENCH_NO_BUILD=1 measures the Postern build already in the cache, as the products' mode does.
  const reuse = process.env.PEERBENCH_NO_BUILD === '1' && existsSync(join(postern, OUT, 'index.html'))
  if (!reuse) {
    log('real app: packing Postern from the working tree (build.mjs, npm pack)')
    const tarball = packPostern(root, base)
    const fresh = await installOnce(source, postern, `${commit} ${posternDeps()}`, true, tarball, log)
    if (!fresh) {
      // Same dependencies: only Postern itself changed; unpack the new tarball where npm put the old one.
      const into = join(postern, 'node_modules', 'postern')
      rmSync(into, { recursive: true, force: true })
      mkdirSync(into, { recursive: true })
      execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1'])
    }
    await viteBuild(postern, log, 'Postern')
  }
  // The floor: the products' mode's two pages (the nav page, and tap.html for its tap).
  writeFloorPages(base)
  const blank = join(base, 'blank', 'dist-blank')
  const version = (dir, name) => {
    try { return JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version } catch { return '?' }
  }
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).trim() !== ''
  return {
    dirs: { blank, appkit: join(appkit, OUT), postern: join(postern, OUT) },
    source: commit.slice(0, 10),
    postern: reuse ? 'as left in the cache' : `${head}${dirty ? ' + working-tree changes in src/' : ''}`,
    versions: {
      '@reown/appkit': version(appkit, '@reown/appkit'),
      wagmi: version(appkit, 'wagmi'),
      react: version(appkit, 'react'),
      vite: version(appkit, 'vite'),
    },
  }
}
