// The classic script (dist/cdn/postern.js) is one IIFE; its lazy chunks are ES modules built
// separately. Without care, every chunk would bundle its own copy of the loader's modules. These
// plugins make the IIFE publish the loader's own src/ modules on a global, and make the chunks
// import them from there: one copy of the code, and of any state it holds.
import * as esbuild from 'esbuild'
import { readdirSync, readFileSync, realpathSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { usedNames } from './used-names.mjs'

const GLOBAL = '__postern_shared'

/** A shared module's place in the global's list (the order both builds share), not its path: fewer loader bytes. */
const keyOf = (modules, file) => Object.keys(modules).indexOf(file)

/** A module that reads the listed names, in order, from the global's entry at key. */
const view = (key, names) => `const [${names.map((_, j) => `x${j}`).join(', ')}] = globalThis.${GLOBAL}[${key}]\nexport { ${names.map((n, j) => `x${j} as ${n}`).join(', ')} }\n`

let loaderFiles = []
/** The src/ files of the classic loader, known once loaderModules has run. */
export const classicLoaderFiles = () => loaderFiles

/** The src/ modules the classic loader bundles, with the export names its chunks (chunkEntries) import. */
export async function loaderModules(root, common, entry, chunkEntries) {
  const probe = await esbuild.build({ ...common, entryPoints: [entry], format: 'iife', write: false, metafile: true, outdir: `${root}dist/probe` })
  const files = Object.keys(probe.metafile.inputs).filter((f) => f.startsWith('src/') && !f.startsWith('src/cdn/') && !/^src\/(adapters\/)?chunks\.ts$/.test(f))
  loaderFiles = files
  const names = await esbuild.build({
    entryPoints: files.map((f) => `${root}${f}`), bundle: false, format: 'esm', write: false, metafile: true,
    outdir: `${root}dist/probe`, outbase: `${root}src`, logLevel: 'silent', absWorkingDir: common.absWorkingDir,
  })
  // Only the names the chunks import (see used-names.mjs).
  const used = usedNames(root, files.map((f) => join(realpathSync(root), f)), chunkEntries)
  const modules = {}
  for (const output of Object.values(names.metafile.outputs)) {
    if (!output.entryPoint) continue
    const wanted = used.get(join(realpathSync(root), output.entryPoint))
    modules[output.entryPoint] = output.exports.filter((e) => e !== 'default' && (wanted === 'all' || wanted?.has(e)))
  }
  return modules
}

/**
 * The valibot functions the loader's own files use (as `v.name(` or a named import). Only these
 * are published for the chunks; a chunk needing more bundles those few itself.
 */
export async function valibotNames(root, files) {
  const runtime = new Set(Object.keys(await import('valibot')))
  const names = new Set()
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    if (!text.includes("from 'valibot'")) continue
    for (const m of text.matchAll(/\bv\.([a-zA-Z_]\w*)\s*\(/g)) names.add(m[1])
    for (const m of text.matchAll(/import\s*{([^}]*)}\s*from\s*'valibot'/g)) for (const n of m[1].split(',')) if (n.trim() && !n.includes('type ')) names.add(n.trim().split(/\s+as\s+/)[0])
  }
  return [...names].filter((n) => runtime.has(n)).sort()
}

/** The IIFE's entry: the classic entry plus a registry of every shared module's namespace. */
export function publishShared(root, modules, classicEntry, valibot) {
  const files = Object.keys(modules)
  return {
    name: 'publish-shared',
    setup(build) {
      build.onResolve({ filter: /^postern-classic-entry$/ }, () => ({ path: 'entry', namespace: 'postern-classic' }))
      build.onLoad({ filter: /.*/, namespace: 'postern-classic' }, () => ({
        resolveDir: root,
        loader: 'js',
        contents: [
          `import { install } from ${JSON.stringify(classicEntry)}`,
          'install()',
          // Arrays of each module's exports in a fixed order: no getters, short keys in the loader.
          // (a module none of whose names is shared is not imported here: the entry brings what it needs)
          ...files.filter((f) => modules[f].length).map((f) => `import { ${modules[f].map((n, j) => `${n} as m${files.indexOf(f)}_${j}`).join(', ')} } from ${JSON.stringify(`${root}${f}`)}`),
          // valibot names include reserved words (function, null...): bind them to plain locals
          `import { ${valibot.map((n, i) => `${n} as v${i}`).join(', ')} } from 'valibot'`,
          `globalThis.${GLOBAL} = [${files.map((f, i) => `[${modules[f].map((_, j) => `m${i}_${j}`).join(', ')}]`).join(', ')}, [${valibot.map((_, i) => `v${i}`).join(', ')}]]`,
        ].join('\n'),
      }))
    },
  }
}

/** In the chunks: a shared module becomes a view onto the loader's copy. */
export function importShared(root, modules, valibot) {
  return {
    name: 'import-shared',
    setup(build) {
      // valibot: the loader's functions from the loader; the rest from the package itself.
      build.onResolve({ filter: /^valibot$/ }, (args) =>
        args.pluginData?.real ? undefined : { path: 'valibot', namespace: 'postern-shared-valibot' })
      build.onResolve({ filter: /^valibot-real$/ }, (args) => build.resolve('valibot', { resolveDir: root, kind: args.kind, pluginData: { real: true } }))
      build.onLoad({ filter: /.*/, namespace: 'postern-shared-valibot' }, () => ({
        loader: 'js',
        resolveDir: root,
        contents: `export * from 'valibot-real'\n${view(Object.keys(modules).length, valibot)}`,
      }))
      // The signals runtime too, one view per importer (see core-shim.ts): no chunk of its own.
      // Paths outside the file namespace relative to root: esbuild hashes them verbatim into chunk names.
      build.onResolve({ filter: /^@preact\/signals-core$/ }, (args) => ({ path: `core#${relative(root, args.importer)}`, namespace: 'postern-shared-core' }))
      build.onLoad({ filter: /.*/, namespace: 'postern-shared-core' }, async () => ({ loader: 'ts', resolveDir: root, contents: await readFile(`${root}src/cdn/core-shim.ts`, 'utf8') }))
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData?.shared) return undefined
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { shared: true } })
        const key = relative(root, resolved.path)
        // One view per importer: a view shared by several chunks would be a chunk of its own.
        return modules[key] ? { path: `${key}#${relative(root, args.importer)}`, namespace: 'postern-shared' } : resolved
      })
      build.onLoad({ filter: /.*/, namespace: 'postern-shared' }, (args) => ({
        loader: 'js',
        contents: view(keyOf(modules, args.path.split('#')[0]), modules[args.path.split('#')[0]]),
      }))
    },
  }
}
