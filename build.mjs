// Builds Postern: the ESM library (dist/esm), the CDN module (dist/cdn/postern.mjs) and the
// CDN classic script (dist/cdn/postern.js), then prints every output's raw, gzip and brotli size.
import * as esbuild from 'esbuild'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { existsSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, posix, relative, resolve } from 'node:path'
import { execFileSync } from 'node:child_process'
import { sizes, formatTable } from './bench/measure.mjs'
import { minifyCssStrings } from './build/minify-css.mjs'
import { classicLoaderFiles, importShared, loaderModules, publishShared, valibotNames } from './build/classic-share.mjs'
import { esmShare } from './build/esm-share.mjs'
import { modalShare } from './build/modal-share.mjs'
import { writeEvmNetworks } from './build/networks.mjs'
import { writeNotices } from './build/notices.mjs'
import { buildInputsKey } from './build/inputs-key.mjs'

// The real path, and esbuild working from it: chunk names hash the input paths esbuild sees
// (relative to its working folder in the file namespace, verbatim in a plugin's), so a build
// names its chunks alike in any checkout folder only when every path it hashes is relative to it.
const root = `${realpathSync(fileURLToPath(new URL('.', import.meta.url)))}/`
const final = `${root}dist`
// Built aside, then swapped in: a page or test reading dist/ never sees it half-written.
const dist = `${root}dist.next-${process.pid}`
const dev = process.argv.includes('--dev')
const withTypes = !process.argv.includes('--no-types')
const quiet = process.argv.includes('--quiet')

const common = {
  absWorkingDir: root.slice(0, -1),
  bundle: true,
  minify: !dev,
  sourcemap: dev ? 'inline' : false,
  target: 'es2022',
  platform: 'browser',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { __DEV__: String(dev) },
  plugins: [reactToPreact(), minifyCssStrings(), prebundled()],
}

/**
 * @walletconnect/universal-provider pulls CommonJS packages (events, @walletconnect/time, ...):
 * esbuild's CJS interop helpers would then land in the runtime chunk that every chunk imports,
 * the loader too (about 0.3 KiB brotli). Bundled first into one self-contained ESM module, the
 * provider keeps those helpers inside its own lazy chunk.
 */
/** What the prebundled vendors are made of, for their licence notices. */
const prebundledInputs = new Set()

function prebundled() {
  const cache = new Map()
  return {
    name: 'prebundled-vendors',
    setup(build) {
      build.onResolve({ filter: /^@walletconnect\/universal-provider$/ }, (args) => ({ path: args.path, namespace: 'prebundled' }))
      build.onLoad({ filter: /.*/, namespace: 'prebundled' }, async (args) => {
        if (!cache.has(args.path)) {
          cache.set(args.path, esbuild.build({
            stdin: { contents: `export * from '${args.path}'`, resolveDir: root, loader: 'js' },
            absWorkingDir: common.absWorkingDir, bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022',
            minify: !dev, legalComments: 'none', logLevel: 'warning', plugins: [smallerCurveTables()], metafile: true,
          }).then((result) => {
            for (const input of Object.keys(result.metafile.inputs)) prebundledInputs.add(input)
            return result.outputFiles[0].text
          }))
        }
        return { contents: await cache.get(args.path), loader: 'js', resolveDir: root }
      })
    },
  }
}

/**
 * noble-curves keeps, for the page's life, a table of precomputed multiples of each curve's base
 * point once a key is used (ed25519 signs the relay's auth token on the first WalletConnect
 * connection): 4,224 points (about 0.6 MiB of heap, seen in a heap snapshot) at its window of 8,
 * 520 at 4, for a signature that takes well under a millisecond longer.
 */
function smallerCurveTables() {
  const WINDOW = /\.(_setWindowSize|precompute)\(8\)/g
  return {
    name: 'smaller-curve-tables',
    setup(build) {
      // relay-auth carries its own minified copy of ed25519.
      build.onLoad({ filter: /(@noble[\\/]curves[\\/].*abstract[\\/](edwards|weierstrass)|@walletconnect[\\/]relay-auth[\\/]dist[\\/]index\.es)\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8')
        if (!text.match(WINDOW)) throw new Error(`${args.path}: noble-curves' precompute window call changed; update smallerCurveTables`)
        return { contents: text.replace(WINDOW, '.$1(4)'), loader: 'js' }
      })
    },
  }
}

/** Our views may import React APIs: they get preact/compat. The host's React is kept for src/react.ts and src/react/. */
function reactToPreact() {
  return {
    name: 'react-to-preact',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        if (/src[\\/]react(\.ts$|[\\/])/.test(args.importer)) return { path: args.path, external: true }
        const target = args.path.replace(/^react-dom/, 'preact/compat').replace(/^react\/jsx-runtime$/, 'preact/jsx-runtime').replace(/^react$/, 'preact/compat')
        return build.resolve(target, { resolveDir: args.resolveDir, kind: args.kind })
      })
    },
  }
}

/** The loader's chunk registries: every chunks.ts of src/ (the instance's and the adapters'). */
const CHUNK_REGISTRIES = ['src/chunks.ts', 'src/adapters/chunks.ts']

/** The lazy loaders declared in the registries, as { name: source path relative to src/ }. */
async function lazyChunks() {
  const chunks = {}
  for (const registry of CHUNK_REGISTRIES) {
    const text = await readFile(`${root}${registry}`, 'utf8')
    const dir = posix.dirname(registry.slice('src/'.length))
    for (const m of text.matchAll(/export const (\w+) = \(\) => import\('(\.[^']+)'\)/g)) {
      if (chunks[m[1]]) throw new Error(`chunk ${m[1]} is declared twice`)
      chunks[m[1]] = posix.normalize(posix.join(dir, m[2]))
    }
  }
  return chunks
}

/** For the classic script: each registry becomes loaders that fetch the classic chunks by URL. */
function classicChunks(chunks) {
  return {
    name: 'classic-chunks',
    setup(build) {
      build.onLoad({ filter: /src[\\/](adapters[\\/])?chunks\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8')
        const names = [...text.matchAll(/export const (\w+) = /g)].map((m) => m[1]).filter((name) => chunks[name])
        return {
          loader: 'ts',
          resolveDir: `${root}src/cdn`,
          contents: `import { classicChunk } from './base'\n${names.map((name) => `export const ${name} = classicChunk('${name}')`).join('\n')}`,
        }
      })
    },
  }
}

async function main() {
  await rm(dist, { recursive: true, force: true })
  await mkdir(`${dist}/meta`, { recursive: true })
  // postern/networks from viem's chains, regenerated when viem changed (see build/networks.mjs).
  if (await writeEvmNetworks()) console.log('src/networks/evm.ts regenerated from viem/chains')
  // Taken before the build reads them: a source changed meanwhile makes dist/ out of date, never the reverse.
  const inputsKey = buildInputsKey(root, dev ? ['--dev'] : [])
  const chunks = await lazyChunks()
  const resolveSrc = (p) => [`${root}src/${p}.ts`, `${root}src/${p}.tsx`, `${root}src/${p}`].find((f) => existsSync(f))

  const classicPlugins = [...common.plugins, classicChunks(chunks)]
  const shared = await loaderModules(root, { ...common, plugins: classicPlugins, metafile: true }, `${root}src/cdn/classic.ts`, Object.values(chunks).map(resolveSrc))
  const valibot = await valibotNames(root, classicLoaderFiles())
  // Each ESM build keeps its loader in one chunk (see build/esm-share.mjs).
  const esmEntries = { react: 'src/react.ts', networks: 'src/networks.ts', adapters: 'src/adapters/index.ts', siwx: 'src/siwx/index.ts', wagmi: 'src/wagmi.ts', solana: 'src/solana-adapter.ts', 'solana-react': 'src/solana-react.ts' }
  // AppKit's adapter-less core, its React hooks, common types, legacy SIWE and smart sessions.
  Object.assign(esmEntries, { core: 'src/core.ts', 'react-core': 'src/react-core.ts', common: 'src/common.ts', siwe: 'src/siwe.ts', 'smart-session': 'src/smart-session.ts' })
  // AppKit Pay (@reown/appkit-pay): its view arrives in its own chunk.
  Object.assign(esmEntries, { pay: 'src/pay.ts', 'pay-react': 'src/pay-react.ts' })
  // AppKit's ethers adapters and Vue bindings: ethers and vue are the site's own.
  Object.assign(esmEntries, { ethers: 'src/ethers.ts', ethers5: 'src/ethers5.ts', vue: 'src/vue.ts', 'vue-core': 'src/vue-core.ts' })
  // AppKit's TRON adapter: the site's own @tronweb3 wallet adapters drive the wallets.
  Object.assign(esmEntries, { tron: 'src/tron.ts' })
  // AppKit's Bitcoin adapter: @scure/btc-signer only in its lazy chunks.
  Object.assign(esmEntries, { bitcoin: 'src/bitcoin.ts' })
  // AppKit's universal connector: WalletConnect for chains reached only through it (TON, Sui, ...).
  Object.assign(esmEntries, { 'universal-connector': 'src/universal-connector.ts' })
  const esmExternal = ['wagmi', '@wagmi/core', 'vue']
  const [esmLoader, cdnLoader] = await Promise.all([
    esmShare(root, { ...common, external: esmExternal }, `${root}src/index.ts`, Object.values(esmEntries).map((e) => root + e)),
    esmShare(root, common, `${root}src/cdn/index.ts`),
  ])

  // The modal chunk keeps what its first paint needs (see build/modal-share.mjs).
  const withModal = async (options, holder) => ({ ...options, plugins: [await modalShare(root, options, 'src/views/mount.tsx', holder), ...options.plugins] })
  // The modal chunk and the views after it are only ever reached by import(): the registry's global.
  const holderOf = (loader) => ({ header: `const S = globalThis.${loader.global}`, expr: 'S' })

  const builds = {
    esm: withModal({
      ...common,
      entryPoints: { index: esmLoader.entry, ...esmEntries },
      // The site's own wagmi and vue (peer dependencies of postern/wagmi, postern/vue), never a copy of ours.
      external: esmExternal,
      // Class fields arrive lowered: a site bundling for es2020 would otherwise add its own helper
      // chunk, which esbuild makes every entry of the site import (one more file before the loader).
      supported: CLASS_FEATURES_LOWERED,
      outdir: `${dist}/esm`,
      plugins: [...common.plugins, esmLoader.plugin],
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }, holderOf(esmLoader)).then(esbuild.build),
    cdnModule: withModal({
      ...common,
      entryPoints: { postern: cdnLoader.entry },
      outdir: `${dist}/cdn`,
      plugins: [...common.plugins, cdnLoader.plugin],
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }, holderOf(cdnLoader)).then(esbuild.build),
    cdnClassicChunks: withModal({
      ...common,
      entryPoints: Object.fromEntries(Object.entries(chunks).map(([name, path]) => [name, resolveSrc(path)])),
      outdir: `${dist}/cdn/classic`,
      format: 'esm',
      splitting: true,
      chunkNames: 'shared-[hash]',
      plugins: [...common.plugins, importShared(root, shared, valibot)],
    }, { header: '', expr: 'globalThis.__postern_shared' }).then(esbuild.build),
    // Every network, for classic-script sites (adds to Postern.networks) and as one ES module.
    cdnNetworks: esbuild.build({ ...common, entryPoints: { networks: 'src/cdn/networks-all.ts' }, outdir: `${dist}/cdn`, format: 'iife' }),
    cdnNetworksModule: esbuild.build({ ...common, entryPoints: { networks: 'src/networks.ts' }, outdir: `${dist}/cdn`, outExtension: { '.js': '.mjs' }, format: 'esm' }),
    cdnClassic: esbuild.build({
      ...common,
      entryPoints: { postern: 'postern-classic-entry' },
      outdir: `${dist}/cdn`,
      format: 'iife',
      plugins: [...classicPlugins, publishShared(root, shared, `${root}src/cdn/classic.ts`, valibot)],
    }),
    // The embedded wallet's secure site: its own program, served on its own origin (secure/).
    secure: esbuild.build({
      ...common,
      entryPoints: { main: 'secure/main.ts', dashboard: 'secure/dashboard.ts', device: 'secure/device.ts' },
      outdir: `${dist}/secure`,
      format: 'esm',
    }).then(async (result) => {
      for (const file of ['index.html', 'secure.css', 'callback.html', 'device.html', 'dashboard.html']) await writeFile(`${dist}/secure/${file}`, await readFile(`${root}secure/${file}`))
      return result
    }),
  }
  const metafiles = {}
  for (const [name, pending] of Object.entries(builds)) {
    const result = await pending
    metafiles[name] = result.metafile
    if (name === 'esm' || name === 'cdnModule' || name === 'cdnClassicChunks') await dropHelperImports(root, result.metafile)
    // Paths in the metafiles name the final place, dist/.
    await writeFile(`${dist}/meta/${name}.json`, JSON.stringify(result.metafile).replaceAll(`${dist.slice(root.length)}/`, 'dist/'))
  }
  await writeFile(`${dist}/meta/chunks.json`, JSON.stringify(chunks))
  // The bundles carry no licence comments (legalComments: 'none' keeps the loader small): each output folder gets the notices.
  const { esm, secure, ...cdn } = metafiles
  await writeNotices(root, dist, { esm: [esm], cdn: Object.values(cdn), secure: [secure] }, [...prebundledInputs])

  if (withTypes) {
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`, '--outDir', `${dist}/types`], { stdio: 'inherit' })
  }
  await writeFile(`${dist}/meta/inputs-key.txt`, `${inputsKey}\n`)
  const old = `${final}.old-${process.pid}`
  await rename(final, old).catch(() => undefined)
  await rename(dist, final)
  await rm(old, { recursive: true, force: true })
  if (!quiet) console.log(formatTable(await sizes(final)))
}

const CLASS_FEATURES_LOWERED = Object.fromEntries(['class-field', 'class-static-field', 'class-private-field', 'class-private-method',
  'class-private-accessor', 'class-private-static-field', 'class-private-static-method', 'class-private-static-accessor',
  'class-private-brand-check', 'class-static-blocks'].map((f) => [f, false]))

/**
 * esbuild has ESM entries and chunks import the chunk of its own helpers (__export) for nothing:
 * a file that uses a helper imports it by name. Left in, a site's bundler keeps the bare import,
 * and the site's entry (or the modal's chunk, before the first view) waits for one more file.
 */
async function dropHelperImports(root, metafile) {
  const helpers = Object.entries(metafile.outputs).filter(([, o]) => !Object.keys(o.inputs).length && o.exports.length && !o.imports.length).map(([path]) => path)
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue
    const file = resolve(root, path)
    let text = await readFile(file, 'utf8')
    for (const helper of helpers) {
      const bare = `import"./${relative(dirname(path), helper)}";`
      if (!text.includes(bare)) continue
      text = text.replace(bare, '')
      output.imports = output.imports.filter((i) => i.path !== helper)
    }
    await writeFile(file, text)
  }
}

main().catch(async (error) => {
  console.error(error)
  await rm(dist, { recursive: true, force: true })
  process.exit(1)
})
