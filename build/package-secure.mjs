// Builds the postern-secure package (packages/secure): the secure site as the main build makes
// it (dist/secure, rebuilt first when any of its inputs changed since), copied to dist/site, and
// the command that serves it bundled into dist/serve.js.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { cp, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { bundleBin } from './node-bin.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}packages/secure/dist`
/** The pages build.mjs copies beside the secure site's bundles. */
const PAGES = ['index.html', 'secure.css', 'callback.html', 'device.html', 'dashboard.html']

/** Whether dist/secure was built after the last change to any file it is made of. */
export function secureSiteFresh() {
  const built = `${root}dist/secure/main.js`
  const meta = `${root}dist/meta/secure.json`
  if (!existsSync(built) || !existsSync(meta)) return false
  const builtAt = statSync(built).mtimeMs
  const inputs = [...Object.keys(JSON.parse(readFileSync(meta, 'utf8')).inputs), ...PAGES.map((page) => `secure/${page}`), 'build.mjs']
  return inputs.every((input) => {
    const file = `${root}${input.replace(/^[a-z-]+:/, '')}`
    return existsSync(file) && statSync(file).mtimeMs <= builtAt
  })
}

// Its output goes to stderr: `npm pack --json` prints its answer on stdout, after this script's.
if (!secureSiteFresh()) execFileSync(process.execPath, [`${root}build.mjs`, '--no-types', '--quiet'], { cwd: root, stdio: ['ignore', 2, 2] })
await rm(out, { recursive: true, force: true })
await cp(`${root}dist/secure`, `${out}/site`, { recursive: true })
await bundleBin({ root, entry: 'packages/secure/src/serve.ts', outfile: `${out}/serve.js`, manifestPath: `${root}packages/secure/package.json` })
