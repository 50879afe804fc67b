// `npm run size`: the loader and the first-open budgets of DESIGN.md section 4, measured on the
// whole closure a page downloads (our code and vendors), brotli. Exits non-zero when one is over.
import { readFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { compressedSizes, kb } from './measure.mjs'
import * as esbuild from 'esbuild'
import { builtFromCurrentInputs } from '../build/inputs-key.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const KIB = 1024
export const BUDGETS = { loader: 12 * KIB, connect: 25 * KIB, lazyChunk: 20 * KIB, oneNetwork: 2 * KIB }
/** postern/pay: its entry (client, controller, assets) and the Pay views' chunk. */
const PAY_BUDGETS = { entry: 8 * KIB, view: 8 * KIB, quote: 8 * KIB }
/** Packages that must only ever arrive through import(). */
const HEAVY = /(node_modules\/|^prebundled:)(viem|@solana\/|@scure\/btc-signer|@walletconnect\/|@wallet-standard\/|qrcode-generator|ox\/|@noble\/)/
/** Vendor chunks exempt from the per-chunk budget: most of their bytes are these libraries. */
const VENDOR = /(node_modules\/|^prebundled:)(viem|@solana\/|@walletconnect\/|ox\/|@noble\/|@scure\/|abitype)/

/** An output file plus every chunk it imports statically, recursively. */
export function staticClosure(meta, start) {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file) || !meta.outputs[file]) return
    seen.add(file)
    for (const imp of meta.outputs[file].imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path)
  }
  visit(start)
  return seen
}

async function brotliOf(files) {
  let total = 0
  for (const file of files) total += compressedSizes(await readFile(`${root}${file}`)).brotli
  return total
}

function outputFor(meta, entryPoint) {
  return Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === entryPoint)
}

function heavyInputs(meta, files) {
  const found = new Set()
  for (const file of files) for (const input of Object.keys(meta.outputs[file].inputs)) if (HEAVY.test(input)) found.add(input.replace(/^.*node_modules\/|^prebundled:/, '').split('/').slice(0, 2).join('/'))
  return [...found]
}

async function main() {
  if (!builtFromCurrentInputs(root)) execFileSync(process.execPath, [`${root}build.mjs`, '--no-types', '--quiet'], { stdio: 'inherit' })
  const esm = JSON.parse(await readFile(`${root}dist/meta/esm.json`, 'utf8'))
  const classic = JSON.parse(await readFile(`${root}dist/meta/cdnClassic.json`, 'utf8'))
  const classicChunks = JSON.parse(await readFile(`${root}dist/meta/cdnClassicChunks.json`, 'utf8'))
  const failures = []
  const rows = []
  const check = (label, bytes, budget) => {
    rows.push(`${label.padEnd(52)} ${kb(bytes).padStart(11)}  budget ${kb(budget)}${bytes > budget ? '  OVER' : ''}`)
    if (bytes > budget) failures.push(`${label} is ${kb(bytes)}, over its budget of ${kb(budget)}`)
  }

  const loader = staticClosure(esm, 'dist/esm/index.js')
  const modalEntry = outputFor(esm, 'src/views/mount.tsx')
  const connect = new Set([...loader, ...staticClosure(esm, modalEntry)])
  check('loader (esm: index + static imports)', await brotliOf(loader), BUDGETS.loader)
  check('loader + Connect (esm)', await brotliOf(connect), BUDGETS.connect)

  // The modal's first paint in one file (build/modal-share.mjs): each chunk it imports statically
  // is one more round trip before the Connect view, as the browser learns of it only from the chunk.
  for (const [label, meta, entry] of [['esm', esm, modalEntry], ['cdn classic', classicChunks, 'dist/cdn/classic/loadModal.js']]) {
    const imported = [...staticClosure(meta, entry)].filter((f) => f !== entry && !loader.has(f))
    if (imported.length) failures.push(`the modal chunk (${label}) imports ${imported.join(', ')}: one more round trip before its first paint`)
  }

  const classicLoader = staticClosure(classic, 'dist/cdn/postern.js')
  const classicModal = new Set([...classicLoader, ...staticClosure(classicChunks, 'dist/cdn/classic/loadModal.js')])
  check('loader (cdn classic postern.js)', await brotliOf(classicLoader), BUDGETS.loader)
  check('loader + Connect (cdn classic)', await brotliOf(classicModal), BUDGETS.connect)

  // What `import { mainnet } from 'postern/networks'` adds to a site's bundle.
  const one = await esbuild.build({
    stdin: { contents: `import { mainnet } from './dist/esm/networks.js'\nconsole.log(mainnet)`, resolveDir: root },
    bundle: true, minify: true, write: false, format: 'esm', logLevel: 'silent',
  })
  check("one network (import { mainnet } from 'postern/networks')", compressedSizes(one.outputFiles[0].contents).brotli, BUDGETS.oneNetwork)
  rows.push(`${'every network (dist/cdn/networks.js, opt-in)'.padEnd(52)} ${kb(await brotliOf(['dist/cdn/networks.js'])).padStart(11)}`)
  // The embedded wallet's secure site runs on its own origin, apart from the site's page: measured, not budgeted.
  rows.push(`${'secure site (dist/secure/main.js, own origin)'.padEnd(52)} ${kb(await brotliOf(['dist/secure/main.js'])).padStart(11)}`)

  // The other entries: what each adds to the loader at first load (its static imports beyond it;
  // a chain library arrives later, by import(), and a peer such as React or wagmi is the site's own).
  const entryName = { 'smart-session': 'experimental/smart-session', 'solana-react': 'solana/react', 'pay-react': 'pay/react' }
  for (const entry of ['react', 'wagmi', 'solana', 'core', 'react-core', 'common', 'siwe', 'smart-session', 'solana-react', 'pay-react', 'tron']) {
    const own = [...staticClosure(esm, `dist/esm/${entry}.js`)].filter((f) => !loader.has(f))
    rows.push(`${`entry postern/${entryName[entry] ?? entry} (beyond the loader)`.padEnd(52)} ${kb(await brotliOf(own)).padStart(11)}`)
  }
  // postern/universal-connector: its class and namespaces beyond the loader (the provider arrives by import()).
  {
    const own = [...staticClosure(esm, 'dist/esm/universal-connector.js')].filter((f) => !loader.has(f))
    check('postern/universal-connector beyond the loader (esm)', await brotliOf(own), BUDGETS.lazyChunk)
  }
  // The ethers adapters and Vue bindings: what importing the entry adds to the loader (its static
  // closure less the loader's); their ethers and vue are the site's own, never counted.
  for (const entry of ['ethers', 'ethers5', 'vue', 'vue-core', 'bitcoin']) {
    const own = [...staticClosure(esm, `dist/esm/${entry}.js`)].filter((file) => !loader.has(file))
    check(`postern/${entry} beyond the loader (esm)`, await brotliOf(own), BUDGETS.lazyChunk)
  }

  // AppKit Pay: the entry beyond the loader, and its views' chunk (fetched when the Pay view opens).
  const payOwn = [...staticClosure(esm, 'dist/esm/pay.js')].filter((f) => !loader.has(f))
  check('postern/pay beyond the loader (esm)', await brotliOf(payOwn), PAY_BUDGETS.entry)
  const payView = outputFor(esm, 'src/lazy/pay/index.tsx')
  if (payView) check('Pay view chunk (esm, lazy/pay)', await brotliOf([...staticClosure(esm, payView)].filter((f) => !connect.has(f) && !payOwn.includes(f))), PAY_BUDGETS.view)
  else failures.push('the Pay view is not a chunk of its own')
  // PayQuote opens from the Pay view: what it fetches beyond the Pay view's own.
  const payQuote = outputFor(esm, 'src/lazy/pay/quote.tsx')
  const payViewOwn = payView ? staticClosure(esm, payView) : new Set()
  if (payQuote) check('PayQuote view chunk (esm, lazy/pay/quote)', await brotliOf([...staticClosure(esm, payQuote)].filter((f) => !connect.has(f) && !payOwn.includes(f) && !payViewOwn.has(f))), PAY_BUDGETS.quote)
  else failures.push('the PayQuote view is not a chunk of its own')

  for (const [file, output] of Object.entries(esm.outputs)) {
    // networks.js is every network, for a site's bundler to tree-shake: measured above, not fetched whole.
    if (loader.has(file) || !file.endsWith('.js') || file === 'dist/esm/networks.js') continue
    const vendorBytes = Object.entries(output.inputs).filter(([i]) => VENDOR.test(i)).reduce((n, [, x]) => n + x.bytesInOutput, 0)
    if (vendorBytes > output.bytes / 2) continue
    check(`lazy chunk ${file.replace('dist/esm/', '')}`, await brotliOf([file]), BUDGETS.lazyChunk)
  }

  for (const [label, meta, files] of [['esm loader', esm, loader], ['cdn classic loader', classic, classicLoader]]) {
    const heavy = heavyInputs(meta, files)
    if (heavy.length) failures.push(`${label} statically includes ${heavy.join(', ')}: load it with import()`)
  }

  console.log(rows.join('\n'))
  if (failures.length) {
    console.error(`\nSize check failed:\n- ${failures.join('\n- ')}`)
    process.exit(1)
  }
  console.log('\nAll size budgets hold.')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
