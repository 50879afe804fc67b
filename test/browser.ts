// The one place tests and benchmarks get a browser: `CHROMIUM_PATH` if set, else the headless
// Chromium shipped in @sparticuz/chromium, unpacked once per machine into a cache folder.
import { chromium, type Browser } from 'playwright-core'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { inflate } from '@sparticuz/chromium'

/** Flags for a quiet, local-only browser: no background calls to the closed outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-zygote',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-domain-reliability', '--no-pings', '--font-render-hinting=none',
]

const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')))
const version: string = createRequire(import.meta.url)(join(packageDir, 'package.json')).version

/** `$XDG_CACHE_HOME/postern/chromium-<version>` (or ~/.cache/...): shared by every checkout. */
export function chromiumCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(base, 'postern', `chromium-${version}`)
}

const FONTS_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{dir}/fonts/fonts</dir>
  <dir>/usr/share/fonts</dir>
  <cachedir>{dir}/fonts-cache</cachedir>
</fontconfig>
`

/** Unpacks into a private folder first, then renames it into place, so a reader never sees half a browser. */
async function unpack(target: string): Promise<void> {
  const staging = `${target}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  // inflate() writes beside os.tmpdir(), which reads TMPDIR on every call.
  const previous = process.env.TMPDIR
  process.env.TMPDIR = staging
  try {
    await Promise.all(['chromium.br', 'fonts.tar.br', 'swiftshader.tar.br'].map((file) => inflate(join(packageDir, 'bin', file))))
  } finally {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
  }
  // The shipped fonts.conf points at the serverless paths; this one points at the unpacked fonts.
  writeFileSync(join(staging, 'fonts', 'fonts.conf'), FONTS_CONF.replaceAll('{dir}', target))
  try {
    renameSync(staging, target)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(join(target, 'chromium'))) throw error
  }
}

/** Path of the browser to launch. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  const dir = chromiumCacheDir()
  if (!existsSync(join(dir, 'chromium'))) await unpack(dir)
  return join(dir, 'chromium')
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumPath()
  if (process.env.CHROMIUM_PATH) return chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  // The npm browser finds its fonts and SwiftShader libraries beside itself.
  const dir = dirname(executablePath)
  const env = { ...process.env, FONTCONFIG_PATH: join(dir, 'fonts'), LD_LIBRARY_PATH: [dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, env })
}
