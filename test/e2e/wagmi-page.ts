// Bundles a wagmi site (Postern from source, the site's own @wagmi/core) for the e2e pages.
import * as esbuild from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

const ENTRIES: Record<string, string> = {
  postern: 'index.ts',
  'postern/react': 'react.ts',
  'postern/wagmi': 'wagmi.ts',
  'postern/solana': 'solana-adapter.ts',
  'postern/networks': 'networks.ts',
  'postern/adapters': 'adapters/index.ts',
}

export async function bundleSite(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    define: { __DEV__: 'false', 'process.env.NODE_ENV': '"production"' },
    plugins: [{
      name: 'postern-from-source',
      setup(build) {
        build.onResolve({ filter: /^postern(\/.*)?$/ }, (args) => ({ path: `${root}src/${ENTRIES[args.path]}` }))
      },
    }],
    logLevel: 'warning',
  })
  return result.outputFiles[0]!.text
}
