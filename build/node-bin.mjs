// A workspace package's command: one ESM bundle for Node of a source entry (our own modules
// inlined, other packages left as imports), refused when it imports a package that the
// workspace package's own package.json does not declare, so an install never lacks one.
import * as esbuild from 'esbuild'
import { chmod, readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'

/** The package name of a bare import: `viem/siwe` is viem, `@solana/kit` stays whole. */
export function packageNameOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** Bundles `entry` into the executable `outfile`; `manifestPath` is the package.json that must declare its imports. */
export async function bundleBin({ root, entry, outfile, manifestPath }) {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'))
  const declared = new Set(Object.keys(manifest.dependencies ?? {}))
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  const imported = new Set()
  for (const input of Object.values(result.metafile.inputs)) {
    for (const i of input.imports) if (i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path)) imported.add(packageNameOf(i.path))
  }
  const undeclared = [...imported].filter((name) => !declared.has(name))
  if (undeclared.length) throw new Error(`${manifest.name}: ${entry} imports ${undeclared.join(', ')}, not in its package.json dependencies`)
  const unused = [...declared].filter((name) => !imported.has(name))
  if (unused.length) throw new Error(`${manifest.name}: its package.json declares ${unused.join(', ')}, which ${entry} never imports`)
  await chmod(outfile, 0o755)
  return result
}
