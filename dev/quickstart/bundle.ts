// Bundles a page as a site's bundler would: Postern's entries (postern, postern/react, postern/wagmi,
// postern/solana, postern/networks) from source, everything else (wagmi, React) from node_modules.
import * as esbuild from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

const ENTRIES: Record<string, string> = {
  postern: 'index.ts',
  'postern/react': 'react.ts',
  'postern/wagmi': 'wagmi.ts',
  'postern/solana': 'solana-adapter.ts',
  'postern/bitcoin': 'bitcoin.ts',
  'postern/solana/react': 'solana-react.ts',
  'postern/networks': 'networks.ts',
  'postern/adapters': 'adapters/index.ts',
  'postern/ethers': 'ethers.ts',
  'postern/ethers5': 'ethers5.ts',
  'postern/vue': 'vue.ts',
  'postern/vue-core': 'vue-core.ts',
  'postern/tron': 'tron.ts',
  'postern/core': 'core.ts',
  'postern/universal-connector': 'universal-connector.ts',
}

/** `entry` is relative to the repository root; the result is one classic script. */
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
