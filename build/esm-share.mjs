// The ESM builds' twin of classic-share.mjs. With code splitting, esbuild puts each piece of
// the loader into a chunk of its own per set of lazy chunks that use it: 13-14 small loader
// chunks whose per-file overhead came to about 2 KiB brotli. Here the loader's modules reach
// the rest of the build only through one registry module that names them all, so every lazy
// chunk that uses any of them uses all of them, and esbuild keeps the loader in one chunk.
// Each module still exists once per page: postern, postern/react and postern/adapters share it.
import * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { valibotNames } from './classic-share.mjs'
import { usedNames } from './used-names.mjs'

const REGISTRY = 'postern-loader-registry'
const COPY = '?lazy-copy'

/** The files (absolute, real paths) the entry bundles statically. */
async function staticFiles(root, common, entry) {
  const external = { name: 'lazy-external', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) }
  const probe = await esbuild.build({
    ...common, plugins: [...common.plugins, external], entryPoints: [entry], format: 'esm',
    write: false, metafile: true, outdir: `${root}dist/probe`, logLevel: 'silent',
  })
  return Object.keys(probe.metafile.inputs).filter((f) => !f.includes(':')).map((f) => realpathSync(resolve(root, f)))
}

/** The runtime export names of each file (type-only exports vanish in the unbundled pass). */
async function exportNames(root, files) {
  const names = await esbuild.build({
    entryPoints: files, bundle: false, format: 'esm', write: false, metafile: true,
    outdir: `${root}dist/probe`, outbase: '/', logLevel: 'silent', loader: { '.mjs': 'js' },
  })
  const byFile = {}
  for (const output of Object.values(names.metafile.outputs)) {
    if (output.entryPoint) byFile[realpathSync(resolve(output.entryPoint))] = output.exports.filter((e) => e !== 'default')
  }
  return byFile
}

/** The files (absolute, real paths) the given entries reach by static imports. */
async function staticallyReached(root, common, entries) {
  if (!entries.length) return new Set()
  const probe = await esbuild.build({
    ...common, entryPoints: entries, format: 'esm', bundle: true, splitting: true,
    write: false, metafile: true, outdir: `${root}dist/probe-static`, logLevel: 'silent',
  })
  const graph = probe.metafile.inputs
  const seen = new Set()
  // The entries themselves: esbuild names every import() target an output's entryPoint too.
  const stack = entries.map((e) => relative(root, realpathSync(e)))
  while (stack.length) {
    const k = stack.pop()
    if (seen.has(k) || !graph[k]) continue
    seen.add(k)
    for (const i of graph[k].imports) if (!i.external && i.kind === 'import-statement') stack.push(i.path)
  }
  return new Set([...seen].filter((k) => !k.includes(':')).map((k) => realpathSync(resolve(root, k))))
}

/**
 * entry: the loader's entry (src/index.ts, or src/cdn/index.ts for postern.mjs); others: the
 * build's other entries. Returns the plugin, the entry point to give esbuild in place of the
 * loader's entry, and the global the loader publishes its registry on.
 *
 * Modules only the loader's import()s reach read the registry from that global rather than import
 * it: then nothing but the entries imports the loader's chunk, and a site's bundler puts the
 * loader inside the site's own entry file instead of one more file that entry waits for. What
 * another entry (postern/siwx, postern/wagmi) reaches statically imports the registry, so it runs
 * after the loader; the lazy chunks get their own copy of such a module (stateless ones only).
 */
export async function esmShare(root, common, entry, others = []) {
  const rootReal = realpathSync(root)
  // What a plugin namespace's path holds, relative to root: esbuild hashes it verbatim into chunk names.
  const rel = (file) => relative(rootReal, file)
  const files = await staticFiles(root, common, entry)
  const reached = await staticallyReached(root, common, others)
  const valibotPath = realpathSync(fileURLToPath(import.meta.resolve('valibot')))
  const loaderValibot = await valibotNames('/', files.filter((f) => f.startsWith(`${realpathSync(root)}/src/`)))
  const shared = files.filter((f) => f !== valibotPath && /\.(m?js|tsx?)$/.test(f))
  const exported = await exportNames(root, shared)
  // Only what other modules import, and all of the entry's and the vendors' exports.
  const used = usedNames(root, shared)
  const names = Object.fromEntries(shared.map((f) => {
    const wanted = used.get(f)
    const all = f === realpathSync(entry) || !f.startsWith(`${realpathSync(root)}/src/`) || wanted === 'all'
    return [f, all ? exported[f] : exported[f].filter((n) => wanted?.has(n))]
  }))
  const index = new Map(shared.map((f, i) => [f, i]))
  const allValibot = Object.keys(await import(pathToFileURL(valibotPath).href))
  const otherValibot = allValibot.filter((n) => !loaderValibot.includes(n))

  // One array per module, its exports in a fixed order: short in the loader, read by position.
  const registryOf = (specifier) => [
    ...shared.map((f, i) => `import { ${names[f].map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(specifier(f))}`),
    `import { ${loaderValibot.map((n, j) => `${n} as v${j}`).join(', ')} } from ${JSON.stringify(specifier(valibotPath))}`,
    `export const S = [${shared.map((f, i) => `[${names[f].map((_, j) => `m${i}_${j}`).join(', ')}]`).join(', ')}, [${loaderValibot.map((_, j) => `v${j}`).join(', ')}]]`,
  ].join('\n')
  const registry = registryOf((f) => f)
  // Named from the registry with root-relative paths: the same global (and bytes) in any checkout folder.
  const global = `__postern_${createHash('sha256').update(registryOf((f) => relative(rootReal, f))).digest('hex').slice(0, 8)}`
  const registryModule = `${registry}\nglobalThis.${global} = S\n`
  // Bound to locals first: valibot's names include reserved words (function, null, ...).
  const source = (fromGlobal) => (fromGlobal ? `const S = globalThis.${global}` : `import { S } from '${REGISTRY}'`)
  const view = (key, list, fromGlobal) => `${source(fromGlobal)}\nconst [${list.map((_, j) => `x${j}`).join(', ')}] = S[${key}]\nexport { ${list.map((n, j) => `x${j} as ${n}`).join(', ')} }\n`
  const lazyOnly = (importer) => importer.endsWith(COPY) || !reached.has(importer)
  const mine = (file) => file.startsWith(`${realpathSync(root)}/src/`)

  const plugin = {
    name: 'esm-share',
    setup(build) {
      const inLoader = (importer) => index.has(importer) || importer === valibotPath
      build.onResolve({ filter: new RegExp(`^${REGISTRY}$`) }, () => ({ path: REGISTRY, namespace: 'esm-share' }))
      // The entry's own view, apart from the view postern/react imports: it stays inside index.js.
      build.onResolve({ filter: /^esm-share-entry$/ }, () => ({ path: rel(realpathSync(entry)), namespace: 'esm-share-entry' }))
      build.onResolve({ filter: /^valibot-copy$/ }, () => ({ path: rel(valibotPath), namespace: 'esm-share-valibot-copy' }))
      build.onResolve({ filter: /^valibot$/ }, (args) => {
        if (args.namespace !== 'file' || inLoader(args.importer)) return undefined
        return { path: 'valibot', namespace: lazyOnly(args.importer) ? 'esm-share-valibot-global' : 'esm-share-valibot' }
      })
      // Outside the loader, an import of a loader module becomes a view onto the registry.
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.esmShare || args.kind === 'entry-point' || args.kind === 'dynamic-import') return undefined
        if (args.namespace !== 'file' || inLoader(args.importer)) return undefined
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { esmShare: true } })
        if (resolved.errors.length || resolved.external) return resolved
        const key = resolved.namespace === 'file' && resolved.path ? realpathSync(resolved.path) : undefined
        // One view per importer: a view shared by several chunks would be a chunk of its own.
        if (index.has(key)) return { path: `${rel(key)}#${rel(args.importer)}`, namespace: lazyOnly(args.importer) ? 'esm-share-view-global' : 'esm-share-view' }
        if (key && lazyOnly(args.importer) && reached.has(key) && mine(key)) return { path: `${key}${COPY}`, namespace: 'file' }
        return undefined
      })
      build.onLoad({ filter: new RegExp(`\\${COPY}$`), namespace: 'file' }, async (args) => {
        const file = args.path.slice(0, -COPY.length)
        const text = await readFile(file, 'utf8')
        // A copy of a module holding state would split it in two: refuse rather than guess.
        if (/^(let|var) |^(export )?const \w+ = (signal|computed|new )/m.test(text)) throw new Error(`[esm-share] ${file} holds state; the lazy chunks cannot have a copy`)
        return { loader: file.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(file), contents: text }
      })
      build.onLoad({ filter: /.*/, namespace: 'esm-share' }, () => ({ loader: 'js', resolveDir: root, contents: registryModule }))
      for (const namespace of ['esm-share-view', 'esm-share-view-global', 'esm-share-entry']) {
        build.onLoad({ filter: /.*/, namespace }, (args) => {
          const file = resolve(rootReal, args.path.split('#')[0])
          return { loader: 'js', resolveDir: root, contents: view(index.get(file), names[file], namespace === 'esm-share-view-global') }
        })
      }
      for (const namespace of ['esm-share-valibot', 'esm-share-valibot-global']) {
        build.onLoad({ filter: /.*/, namespace }, () => ({
          loader: 'js',
          resolveDir: root,
          // Named, not `export *`: a star re-export would bring esbuild's interop helpers along.
          contents: `${view(shared.length, loaderValibot, namespace === 'esm-share-valibot-global')}export { ${otherValibot.join(', ')} } from 'valibot-copy'\n`,
        }))
      }
      build.onLoad({ filter: /.*/, namespace: 'esm-share-valibot-copy' }, async () => ({ loader: 'js', contents: await readFile(valibotPath, 'utf8') }))
    },
  }
  return { plugin, entry: 'esm-share-entry', global }
}
