// ESM builds split code by module, and valibot is one module: without care, the loader's
// valibot chunk would hold every function any lazy chunk uses. Here files outside the loader
// get the loader's functions from the real valibot (shared, no second copy) and the rest from
// a private copy of the package, which tree-shakes into the lazy chunks alone.
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export async function valibotSplit(root, loaderFiles, loaderNames) {
  const inLoader = new Set(loaderFiles)
  const realPath = fileURLToPath(import.meta.resolve('valibot'))
  // Named, not `export *`: a star re-export would bring esbuild's interop helpers into the loader.
  const others = Object.keys(await import(pathToFileURL(realPath).href)).filter((n) => !loaderNames.includes(n))
  return {
    name: 'valibot-split',
    setup(build) {
      build.onResolve({ filter: /^valibot$/ }, (args) => {
        if (args.namespace !== 'file' || inLoader.has(relative(root, args.importer))) return undefined
        return { path: 'valibot', namespace: 'valibot-lazy' }
      })
      build.onResolve({ filter: /^valibot-copy$/ }, () => ({ path: realPath, namespace: 'valibot-copy' }))
      build.onLoad({ filter: /.*/, namespace: 'valibot-lazy' }, () => ({
        loader: 'js',
        resolveDir: root,
        contents: `export { ${loaderNames.join(', ')} } from 'valibot'\nexport { ${others.join(', ')} } from 'valibot-copy'\n`,
      }))
      build.onLoad({ filter: /.*/, namespace: 'valibot-copy' }, async () => ({ loader: 'js', contents: await readFile(realPath, 'utf8') }))
    },
  }
}
