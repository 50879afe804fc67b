// The example apps of a local copy of reown-com/appkit-web-examples: a checked-out folder, or a
// bare git directory (read at HEAD with `git archive`).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const GROUPS = ['react', 'nextjs', 'javascript', 'vue']

const isBareGit = (dir) => existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && !existsSync(join(dir, 'package.json'))
const git = (dir, ...args) => execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 })

/** Each app as { name: 'react-wagmi', path: 'react/react-wagmi' }, in the repository's order. */
export function listApps(source) {
  if (!existsSync(source)) throw new Error(`${source}: no such folder`)
  const bare = isBareGit(source)
  return GROUPS.flatMap((group) => {
    const names = bare
      ? git(source, 'ls-tree', '-d', '--name-only', `HEAD:${group}`).split('\n').filter(Boolean)
      : existsSync(join(source, group)) ? readdirSync(join(source, group)).filter((n) => statSync(join(source, group, n)).isDirectory()) : []
    return names.map((name) => ({ name, path: `${group}/${name}` }))
  })
}

/** The commit the apps are read at (a bare git directory's HEAD; a folder's own git, if any). */
export function sourceCommit(source) {
  try {
    return isBareGit(source) ? git(source, 'rev-parse', 'HEAD').trim() : execFileSync('git', ['-C', source, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/** Copies one app's files (no node_modules, no build output) into `dest`, emptied first. */
export function extractApp(source, app, dest) {
  rmSync(dest, { recursive: true, force: true })
  mkdirSync(dest, { recursive: true })
  if (isBareGit(source)) {
    const depth = app.path.split('/').length
    const archive = execFileSync('git', ['--git-dir', source, 'archive', '--format=tar', 'HEAD', app.path], { maxBuffer: 256 << 20 })
    execFileSync('tar', ['-x', '-C', dest, `--strip-components=${depth}`], { input: archive })
  } else {
    cpSync(join(source, app.path), dest, { recursive: true, filter: (p) => !/[/\\](node_modules|dist|\.next)([/\\]|$)/.test(p) })
  }
}
