// The peers, installed once into a cache folder outside the repository (never into the project's
// dependencies) and bundled there with the same esbuild settings as Postern's entry. Re-installed
// only when PEERS below changes (the stamp file records what was installed).
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle, VIEWPORT_META } from './bundle.mjs'

export const ENTRIES = fileURLToPath(new URL('./entries/', import.meta.url))

/** `$XDG_CACHE_HOME/postern/peerbench` (or ~/.cache/...), overridable with PEERBENCH_DIR. */
export function cacheDir() {
  return process.env.PEERBENCH_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'postern', 'peerbench')
}

// viem is pinned to 2.57.1 (an override where a peer would pull a newer one) so every peer and
// Postern use one viem; exact versions everywhere.
const VIEM = { viem: '2.57.1' }
export const PEERS = {
  'appkit-wagmi': { viem: true, deps: ['@reown/appkit@1.8.24', '@reown/appkit-adapter-wagmi@1.8.24', 'wagmi@3.7.7', 'viem@2.57.1', '@tanstack/react-query@5.108.0', 'react@19.3.1', 'react-dom@19.3.1'],
    bundles: { 'appkit-wagmi-vanilla': 'appkit-wagmi-vanilla.js', 'appkit-wagmi-react': 'appkit-wagmi-react.jsx' } },
  'appkit-noadapter': { viem: true, deps: ['@reown/appkit@1.8.24', 'viem@2.57.1'], bundles: { 'appkit-noadapter': 'appkit-noadapter.js' } },
  rainbowkit: { viem: true, deps: ['@rainbow-me/rainbowkit@2.2.11', 'wagmi@2.19.5', 'viem@2.57.1', '@tanstack/react-query@5.108.0', 'react@19.3.1', 'react-dom@19.3.1'],
    bundles: { rainbowkit: 'rainbowkit.jsx' } },
  connectkit: { viem: true, deps: ['connectkit@1.9.2', 'wagmi@2.19.5', 'viem@2.57.1', '@tanstack/react-query@5.108.0', 'react@18.3.1', 'react-dom@18.3.1'],
    bundles: { connectkit: 'connectkit.jsx' } },
  onboard: { viem: false, deps: ['@web3-onboard/core@2.24.1', '@web3-onboard/injected-wallets@2.11.3'], bundles: { onboard: 'onboard.js' } },
}

// Two stamps: what was installed per app (its dependencies) and what was bundled (the entries and
// the bundle settings), so a changed entry re-bundles without re-installing.
const installStamp = (peer) => JSON.stringify({ deps: peer.deps, viem: peer.viem })
const bundleStamp = () => JSON.stringify(PEERS) + readEntries() + readFileSync(fileURLToPath(new URL('./bundle.mjs', import.meta.url)), 'utf8')
const readEntries = () => Object.values(PEERS).flatMap((p) => Object.values(p.bundles)).map((f) => readFileSync(join(ENTRIES, f), 'utf8')).join('\n')
const readStamp = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null)

/** The floor: one static element, no script. */
export const BLANK_PAGE = `<!doctype html><meta charset=utf-8>${VIEWPORT_META}<title>floor</title><p id=floor>Connect a wallet</p>\n`

/**
 * The floor's tap (the phone profile): the same element, the site's connect button, and a plain
 * dialog with a heading and one entry, rendered ahead in a host's open shadow root (declarative:
 * no script builds it) and hidden by visibility, as Postern's prepared one is. The button's click
 * only makes it visible; the bench finds it with Postern's own check (variants.mjs, FLOOR_TAP_VIEW).
 * So a tap here costs what every product's does (the touch's events, the gesture's frame, a click
 * handler, the bench's detection) and nothing of a modal's own.
 */
export const BLANK_TAP_PAGE = `<!doctype html><meta charset=utf-8>${VIEWPORT_META}<title>floor</title><p id=floor>Connect a wallet</p>
<button id=pb-connect>Connect</button>
<pb-floor><template shadowrootmode=open><div role=dialog aria-labelledby=w3m-title style="visibility:hidden"><h2 id=w3m-title>Connect Wallet</h2><ul class=list><li><button class=item>Bench Wallet</button></ul></div></template></pb-floor>
<script>document.getElementById('pb-connect').addEventListener('click', () => { document.querySelector('pb-floor').shadowRoot.querySelector('[role=dialog]').style.visibility = '' })</script>
`

/** Writes the floor's two pages into the cache folder (always: they are not part of the peers' stamp). */
export function writeFloorPages(dir) {
  mkdirSync(join(dir, 'blank', 'dist-blank'), { recursive: true })
  writeFileSync(join(dir, 'blank', 'dist-blank', 'index.html'), BLANK_PAGE)
  writeFileSync(join(dir, 'blank', 'dist-blank', 'tap.html'), BLANK_TAP_PAGE)
}

/** Installs and bundles every peer unless the cache already holds this exact set; returns the cache folder. */
export async function ensurePeers(log = console.error) {
  const dir = cacheDir()
  const stamp = join(dir, 'peers.stamp')
  writeFloorPages(dir)
  if (readStamp(stamp) === bundleStamp()) return dir
  rmSync(stamp, { force: true })
  for (const [app, peer] of Object.entries(PEERS)) {
    const appDir = join(dir, app)
    const installed = join(appDir, 'install.stamp')
    if (readStamp(installed) !== installStamp(peer)) {
      // Always from an empty folder: re-installing over a tree has pruned optional peers before.
      rmSync(appDir, { recursive: true, force: true })
      mkdirSync(join(appDir, 'src'), { recursive: true })
      writeFileSync(join(appDir, 'package.json'), JSON.stringify({ name: `pb-${app}`, private: true, version: '0.0.0', type: 'module', ...(peer.viem ? { overrides: VIEM } : {}) }))
      log(`peers: installing ${app} (${peer.deps.join(' ')})`)
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '--loglevel=error', ...peer.deps], { cwd: appDir, stdio: ['ignore', 'ignore', 'inherit'] })
      writeFileSync(installed, installStamp(peer))
    }
    for (const [variant, entry] of Object.entries(peer.bundles)) {
      copyFileSync(join(ENTRIES, entry), join(appDir, 'src', entry))
      await bundle(appDir, `src/${entry}`, variant)
      log(`peers: bundled ${variant}`)
    }
  }
  writeFileSync(stamp, bundleStamp())
  return dir
}

/** The installed versions of the packages that matter, per app folder (for the report). */
export function installedVersions(dir = cacheDir()) {
  const out = {}
  for (const [app, peer] of Object.entries(PEERS)) {
    for (const dep of peer.deps) {
      const name = dep.slice(0, dep.lastIndexOf('@'))
      try { out[name] = JSON.parse(readFileSync(join(dir, app, 'node_modules', name, 'package.json'), 'utf8')).version } catch { /* not installed */ }
    }
  }
  return out
}
