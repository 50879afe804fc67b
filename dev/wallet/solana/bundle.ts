// Builds the browser scripts of the Solana test wallet with esbuild (IIFE, in memory, cached).
// Nothing is written to disk: the demo server and the tests serve the returned text.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const cache = new Map<string, Promise<string>>()

function bundle(entry: string): Promise<string> {
  return bundleBrowserScript(new URL(entry, import.meta.url))
}

/** A test wallet's browser script (any wallet's entry file), bundled once per process. */
export function bundleBrowserScript(file: URL): Promise<string> {
  const entry = file.href
  let text = cache.get(entry)
  if (!text) {
    text = build({
      entryPoints: [fileURLToPath(file)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
    }).then((result) => {
      const file = result.outputFiles[0]
      if (!file) throw new Error(`esbuild produced no output for ${entry}`)
      return file.text
    })
    // A failed build is not cached, so a fixed source builds on the next call.
    text.catch(() => cache.delete(entry))
    cache.set(entry, text)
  }
  return text
}

/** The wallet script: defines `window.PosternSolanaTestWallet` (see ./types.ts). */
export function solanaWalletSource(): Promise<string> {
  return bundle('./browser/entry.ts')
}

/** A minimal Wallet Standard app for tests: `window.PosternSolanaProbe` (see ./probe.ts). */
export function solanaProbeSource(): Promise<string> {
  return bundle('./probe.ts')
}
