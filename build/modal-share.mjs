// The modal's first paint in one file. With code splitting, esbuild moves every module that the
// modal chunk (views/mount) shares with a lazy view (preact, the list primitives, ...) into a
// chunk of its own: the page fetches the modal chunk, learns of its imports, fetches those, and
// only then paints (one more round of requests, queued behind the other chunks on six connections
// per host). Here the views fetched after the modal opened read those modules from a holder the
// modal chunk fills as it runs (like build/esm-share.mjs does for the loader), so esbuild keeps
// them inside the modal chunk. Only modules no chunk fetched before the modal can reach (the
// holder is empty until the modal chunk ran), and no `export let` a view reads (a copy in the
// holder would go stale).
import * as esbuild from 'esbuild'
import { readFileSync, realpathSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { usedNames } from './used-names.mjs'

const PUBLISH = 'postern-modal-publish'
/**
 * Stateless modules (functions and constants) that chunks fetched before the modal also import:
 * the modal chunk bundles its own copy rather than wait on one more small file queued behind them.
 */
const COPIED = ['src/utils/url.ts', 'src/signals/modal.ts']
const COPY = '?modal-copy'
/**
 * Views that an entry outside the modal names but only the modal loads (postern/pay's route
 * entries: views/LazyView.tsx calls their load()): they never run before the modal chunk, so
 * what they import (preact, ui/base) must not count as reachable before it, which would move
 * those modules out of the modal chunk into shared chunks (one more round trip before its paint).
 */
const MODAL_ONLY = ['src/lazy/pay/index.tsx', 'src/lazy/pay/quote.tsx']

/** The input graph of a build: node → [{ path, kind }], from its metafile. */
async function graphOf(root, options) {
  const probe = await esbuild.build({ ...options, write: false, metafile: true, outdir: `${root}dist/probe-modal`, logLevel: 'silent' })
  return Object.fromEntries(Object.entries(probe.metafile.inputs).map(([k, v]) => [k, v.imports]))
}

function closure(graph, starts, { staticOnly = false, avoid = [] } = {}) {
  const seen = new Set()
  const stack = [...starts]
  while (stack.length) {
    const node = stack.pop()
    if (seen.has(node) || avoid.includes(node) || !graph[node]) continue
    seen.add(node)
    for (const i of graph[node]) if (!i.external && (!staticOnly || i.kind === 'import-statement')) stack.push(i.path)
  }
  return seen
}

/**
 * options: the build's esbuild options (entries, plugins) as they will run, for a probe.
 * modalRoot: src/views/mount.tsx, relative to root. holder: { header, expr }: how a module reaches
 * the holder object (the loader registry's array in the ESM builds, the loader's global in the
 * classic chunks). Returns the plugin to put first in that build's plugins.
 */
export async function modalShare(root, options, modalRoot, holder) {
  const graph = await graphOf(root, options)
  const real = (key) => realpathSync(resolve(root, key))
  const imported = new Set(Object.values(graph).flatMap((imports) => imports.map((i) => i.path)))
  // Whatever can run before the modal: the build's entries (in the classic chunks, every chunk the
  // loader fetches by URL) and all they reach, static or dynamic, except through the modal.
  const entries = Object.values(options.entryPoints).map((e) => relative(root, e))
  const sources = Object.keys(graph).filter((k) => k !== modalRoot && (!imported.has(k) || entries.includes(k)))
  const before = closure(graph, sources, { avoid: [modalRoot, ...MODAL_ONLY] })
  const dynamicTargets = new Set(Object.values(graph).flatMap((imports) => imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)))
  const eligible = (k) => !k.includes(':') && /\.(m?js|tsx?)$/.test(k) && !before.has(k) && !dynamicTargets.has(k)
  const first = closure(graph, [modalRoot], { staticOnly: true })
  // A view reading a held module's `export let` comes into the modal chunk itself (through it, a
  // copy in the holder would go stale), with what it imports.
  const letsOf = (k) => (k.startsWith('src/') ? [...readFileSync(real(k), 'utf8').matchAll(/export let (\w+)/g)].map((m) => m[1]) : [])
  const reads = (k, edge) => {
    const lets = letsOf(edge.path)
    if (!lets.length || !edge.original) return false
    const text = readFileSync(real(k), 'utf8')
    return [...text.matchAll(/import\s*{([^}]*)}\s*from\s*'([^']+)'/g)].some((m) => m[2] === edge.original && m[1].split(',').some((n) => lets.includes(n.trim())))
  }
  const readers = Object.keys(graph).filter((k) => !first.has(k) && eligible(k) && graph[k].some((i) => i.kind === 'import-statement' && first.has(i.path) && eligible(i.path) && reads(k, i)))
  const modal = new Set([...first, ...[...closure(graph, readers, { staticOnly: true })].filter(eligible)])
  const held = [...modal].filter((k) => k !== modalRoot && eligible(k))

  const files = held.map(real)
  const used = usedNames(root, [...files, real(modalRoot)])
  const vendorUsed = vendorNames(graph, held, modal, real)
  const names = await exportsOf(root, files)
  const stale = []
  const published = {}
  held.forEach((k, i) => {
    const file = files[i]
    const mine = file.includes(`${realpathSync(root)}/src/`)
    const wanted = used.get(file)
    const want = mine ? wanted : vendorUsed.get(k)
    const list = want === 'all' ? names[file] : names[file].filter((n) => want?.has(n))
    const lets = mine ? [...readFileSync(file, 'utf8').matchAll(/export let (\w+)/g)].map((m) => m[1]) : []
    if (list.some((n) => lets.includes(n))) stale.push(k)
    else published[file] = list
  })
  if (process.env.MODAL_SHARE_DEBUG) console.warn('[modal-share]', Object.keys(published).map((f) => relative(root, f)))
  if (stale.length) console.warn(`[modal-share] left out (a view reads an \`export let\`): ${stale.join(', ')}`)
  const copies = new Set(COPIED.map(real))
  for (const file of copies) {
    // A copy of a module holding state would split it in two: refuse rather than guess.
    if (/^(let|var) |^(export )?const \w+ = (signal|computed|new )/m.test(readFileSync(file, 'utf8'))) throw new Error(`[modal-share] ${file} holds state; it cannot be copied into the modal chunk`)
  }
  const modalFiles = new Set([...modal].filter((k) => !k.includes(':')).map(real))
  const order = Object.keys(published)
  const publisher = [
    holder.header,
    ...files.filter((f) => !published[f]).map((f) => `import ${JSON.stringify(f)}`),
    ...order.map((f, i) => `import { ${published[f].map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(f)}`),
    `${holder.expr}.m = [${order.map((f, i) => `[${published[f].map((_, j) => `m${i}_${j}`).join(', ')}]`).join(', ')}]`,
  ].join('\n')
  const view = (file) => `${holder.header}\nconst [${published[file].map((_, j) => `x${j}`).join(', ')}] = ${holder.expr}.m[${order.indexOf(file)}]\nexport { ${published[file].map((n, j) => `x${j} as ${n}`).join(', ')} }\n`

  return {
    name: 'modal-share',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${PUBLISH}$`) }, () => ({ path: PUBLISH, namespace: 'modal-share-publish' }))
      build.onLoad({ filter: /.*/, namespace: 'modal-share-publish' }, () => ({ loader: 'js', resolveDir: root, contents: publisher }))
      // The modal chunk fills the holder before its own code runs (its imports run first).
      build.onLoad({ filter: /[\\/]views[\\/]mount\.tsx$/, namespace: 'file' }, async (args) => {
        if (realpathSync(args.path) !== real(modalRoot)) return undefined
        return { loader: 'tsx', contents: `import '${PUBLISH}'\n${await readFile(args.path, 'utf8')}` }
      })
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.modalShare || args.kind !== 'import-statement' || args.namespace !== 'file') return undefined
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { modalShare: true } })
        if (resolved.errors.length || resolved.external || resolved.namespace !== 'file' || !resolved.path || resolved.path.endsWith(COPY)) return undefined
        const file = realpathSync(resolved.path)
        if (modalFiles.has(args.importer)) return copies.has(file) ? { path: `${file}${COPY}`, namespace: 'file' } : undefined
        // One view per importer: a view shared by several chunks would be a chunk of its own.
        // Root-relative: esbuild hashes a plugin namespace's paths verbatim into the chunk names.
        return published[file] ? { path: `${relative(root, file)}#${relative(root, args.importer)}`, namespace: 'modal-share-view' } : undefined
      })
      build.onLoad({ filter: /\?modal-copy$/, namespace: 'file' }, async (args) => {
        const file = args.path.slice(0, -COPY.length)
        return { loader: file.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(file), contents: await readFile(file, 'utf8') }
      })
      build.onLoad({ filter: /.*/, namespace: 'modal-share-view' }, (args) => ({ loader: 'js', resolveDir: root, contents: view(resolve(root, args.path.split('#')[0])) }))
    },
  }
}

/**
 * The names code outside the modal imports from each held vendor module (preact's): all of them
 * when a vendor imports it or a file reaches it by a specifier its text does not name (JSX).
 */
function vendorNames(graph, held, modal, real) {
  const out = new Map()
  const add = (k, names) => out.set(k, out.get(k) === 'all' || names === 'all' ? 'all' : new Set([...(out.get(k) ?? []), ...names]))
  for (const [k, imports] of Object.entries(graph)) {
    if (modal.has(k) || k.includes(':')) continue
    for (const edge of imports) {
      if (!held.includes(edge.path) || edge.path.startsWith('src/') || edge.kind !== 'import-statement') continue
      if (!k.startsWith('src/')) { add(edge.path, 'all'); continue }
      const text = readFileSync(real(k), 'utf8')
      const clauses = [...text.matchAll(/import\s+([^;'"]*?)\s+from\s*'([^']+)'/g)].filter((m) => m[2] === edge.original).map((m) => m[1])
      if (!clauses.length || clauses.some((c) => c.includes('*'))) { add(edge.path, 'all'); continue }
      for (const c of clauses) if (!c.startsWith('type ')) add(edge.path, (/{([^}]*)}/.exec(c)?.[1] ?? '').split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0]))
    }
  }
  return out
}

/** The runtime export names of each file (an unbundled pass: type-only exports vanish). */
async function exportsOf(root, files) {
  if (!files.length) return {}
  const out = await esbuild.build({
    entryPoints: files, bundle: false, format: 'esm', write: false, metafile: true, jsx: 'automatic', jsxImportSource: 'preact',
    outdir: `${root}dist/probe-modal`, outbase: '/', logLevel: 'silent', loader: { '.mjs': 'js' },
  })
  const byFile = {}
  for (const output of Object.values(out.metafile.outputs)) {
    if (output.entryPoint) byFile[realpathSync(resolve(output.entryPoint))] = output.exports.filter((e) => e !== 'default')
  }
  return byFile
}
