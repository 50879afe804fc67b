// The universal provider (and the QR encoder) arrive only through import(): neither createAppKit
// (the loader) nor opening Connect (the modal chunk) fetches them. Proved on esbuild's metafile
// of the same ESM build build.mjs makes, and on a real createAppKit + open in happy-dom.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as esbuild from 'esbuild'
import { fileURLToPath } from 'node:url'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'
import { walletConnectState } from '../../src/signals/walletconnect-pairing'
import type { ChainAdapter } from '../../src/types'

const root = fileURLToPath(new URL('../..', import.meta.url))
const WALLETCONNECT = /node_modules\/@walletconnect\//
const QR = /node_modules\/qrcode-generator\//

type Meta = esbuild.Metafile

/** An output file plus every chunk it imports statically, recursively (as bench/size.mjs counts). */
function staticClosure(meta: Meta, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !meta.outputs[file]) return
    seen.add(file)
    for (const imp of meta.outputs[file]!.imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path)
  }
  visit(start)
  return seen
}

const inputsOf = (meta: Meta, files: Set<string>) => [...files].flatMap((f) => Object.keys(meta.outputs[f]!.inputs))
const outputFor = (meta: Meta, entry: string) => Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === entry)!

const build = suite('walletconnect loading: esbuild metafile')
let meta: Meta

build.before(async () => {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/index.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { __DEV__: 'false' },
    outdir: 'dist-test-wc-loading',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  meta = result.metafile
})

build('behavior: the loader (createAppKit) has no @walletconnect or QR input', () => {
  const loader = inputsOf(meta, staticClosure(meta, 'dist-test-wc-loading/index.js'))
  assert.ok(loader.includes('src/signals/walletconnect-restore.ts'), 'the connector and restore-on-load part is in the loader')
  assert.equal(loader.filter((i) => WALLETCONNECT.test(i) || QR.test(i)), [])
})

build('behavior: the modal chunk (opening Connect) has no @walletconnect or QR input', () => {
  const modal = inputsOf(meta, staticClosure(meta, outputFor(meta, 'src/views/mount.tsx')))
  assert.ok(modal.includes('src/views/Connect.tsx'))
  assert.equal(modal.filter((i) => WALLETCONNECT.test(i) || QR.test(i)), [])
})

build('behavior: the WalletConnect views chunk reaches the provider only through import()', () => {
  const views = inputsOf(meta, staticClosure(meta, outputFor(meta, 'src/views/ConnectingWalletConnectBasic.tsx')))
  assert.equal(views.filter((i) => WALLETCONNECT.test(i) || QR.test(i)), [])
  const provider = inputsOf(meta, staticClosure(meta, outputFor(meta, 'src/lazy/walletconnect/index.ts')))
  assert.ok(provider.some((i) => i.includes('node_modules/@walletconnect/universal-provider/')))
  const qr = inputsOf(meta, staticClosure(meta, outputFor(meta, 'src/lazy/qr/index.tsx')))
  assert.ok(qr.some((i) => QR.test(i)))
})

build.run()

const runtime = suite('walletconnect loading: createAppKit and opening Connect')
const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter

runtime.before.each(resetDom)

runtime('behavior: createAppKit lists WalletConnect and starts no provider; Connect shows it first', async () => {
  const kit = kitWith({ adapters: [adapter], apiUrl: 'http://127.0.0.1:9' })
  assert.equal(kit.store.connection.connectors.peek().map((c) => [c.id, c.uid, c.type, c.chain]), [['walletConnect', 'walletConnect', 'WALLET_CONNECT', 'eip155']])
  await kit.open()
  const first = await waitFor(() => modalRoot().querySelector('.list .item'), 'Connect list')
  assert.match(first.textContent ?? '', 'WalletConnect')
  assert.is(kit.store.walletConnect, undefined, 'no WalletConnect state was needed')
  assert.is(walletConnectState(kit.store).status.peek(), 'idle')
  assert.is(kit.store.drivers.size, 0)
})

runtime('parameters: enableWalletConnect false lists no WalletConnect', () => {
  const kit = kitWith({ adapters: [adapter], enableWalletConnect: false })
  assert.equal(kit.store.connection.connectors.peek(), [])
})

runtime.run()
