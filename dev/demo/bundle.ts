import * as esbuild from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Bundles the React demo with the host's real React and Postern from source. */
export async function bundleReactDemo(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [`${root}dev/demo/react-app.tsx`],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { __DEV__: 'false', 'process.env.NODE_ENV': '"production"' },
    alias: {
      'postern/react': `${root}src/react.ts`,
      'postern/adapters': `${root}src/adapters/index.ts`,
      'postern/networks': `${root}src/networks.ts`,
    },
    logLevel: 'warning',
  })
  return result.outputFiles[0]!.text
}
