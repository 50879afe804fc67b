// `node bench/examples.mjs <appkit-web-examples> [--only react-wagmi,javascript-solana] [--concurrency 1] [--keep] [--env app:KEY=VALUE]`
// AppKit's own example apps (reown-com/appkit-web-examples: a checked-out folder or a bare git
// directory) tried as a site owner switching to Postern would: each app's `@reown/*` imports
// mapped to Postern's entries per the README's switching table (bench/examples/imports.mjs),
// Postern installed from `npm pack` of this working tree beside the app's own dependencies, the
// app's own `build` script run unchanged (type check and bundler), then the built app served
// against a local stack (dev/stack.ts: chains of the app's network ids, Solana when it uses it)
// and opened in Chromium with the injected test wallets: connect, then press every button.
// Prints one table: app | build | connects | buttons working / total | first error.
// --appkit: the same app as published (AppKit's own @reown/* packages, nothing rewritten), built,
// served and pressed the same way against the same stack, to tell the example's own failures from
// Postern's (work folders: $TMPDIR/appkit-examples/<app>).
// A benchmark-style check, not part of `npm test`: it needs the npm registry for the apps' own
// dependencies. Work folders: $TMPDIR/postern-examples/<app>; once an app is done only its logs and
// results stay there (bench/examples/cleanup.mjs) unless --keep (or --reuse) is given.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { execFileSync } from 'node:child_process'
import { register } from 'tsx/esm/api'
import { extractApp, listApps, sourceCommit } from './examples/source.mjs'
import { entryMap, rewritePackageJson, rewriteSources, sourceList } from './examples/imports.mjs'
import { buildApp, installApp, packPostern } from './examples/install.mjs'
import { serveApp } from './examples/serve.mjs'
import { formatTable } from './examples/table.mjs'
import { clearWorkFolder } from './examples/cleanup.mjs'
import { installServer, ownServer, startServer } from './examples/own-server.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const flag = (name) => {
  const i = args.indexOf(name)
  return i < 0 ? undefined : args.splice(i, 2)[1]
}
const only = flag('--only')?.split(',')
// --env app:KEY=VALUE (repeatable): a variable the app's own code reads, for its build and its
// server (next-siwx-multichain-supabase-storage's SUPABASE_URL, SUPABASE_KEY).
const extraEnv = {}
for (let value; (value = flag('--env')) !== undefined;) {
  const m = /^([^:]+):([A-Za-z_]\w*)=(.*)$/s.exec(value)
  if (!m) throw new Error(`--env ${value}: expected app:KEY=VALUE`)
  ;(extraEnv[m[1]] ??= {})[m[2]] = m[3]
}
const concurrency = Number(flag('--concurrency') ?? 1)
// --reuse: an app already installed and built in its work folder goes straight to the browser,
// and a Postern tarball already packed there is used as it is.
const reuse = args.includes('--reuse') && !!args.splice(args.indexOf('--reuse'), 1)
const asPublished = args.includes('--appkit') && !!args.splice(args.indexOf('--appkit'), 1)
// --keep: the apps' sources, node_modules and builds stay in their work folders (for --reuse).
const keep = (args.includes('--keep') && !!args.splice(args.indexOf('--keep'), 1)) || reuse
const source = args[0]
if (!source) {
  console.error('usage: node bench/examples.mjs <appkit-web-examples folder or bare git dir> [--only a,b] [--concurrency 1] [--keep]')
  process.exit(2)
}
const started = Date.now()
const log = (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`)

const apps = listApps(source).filter((a) => !only || only.includes(a.name) || only.includes(a.path))
if (!apps.length) throw new Error(`no app matches ${only}`)
const work = join(tmpdir(), asPublished ? 'appkit-examples' : 'postern-examples')
mkdirSync(work, { recursive: true })
let tarball
/** Postern built and packed once, when the first app needs it. */
const posternTarball = () => (tarball ??= reuse && existsSync(join(work, 'postern-0.1.0.tgz')) ? join(work, 'postern-0.1.0.tgz') : (log(`packing Postern from ${root}`), packPostern(root, work)))
const map = entryMap(readFileSync(join(root, 'README.md'), 'utf8'))

register()
const { startStack, SOLANA_TEST_WALLET_NAME, BITCOIN_TEST_WALLET_NAME, DEMO_PROJECT_ID, REMOTE_CONFIG_PROJECT_ID } = await import('../dev/stack.ts')
const { bitcoinWalletInstallScript } = await import('../dev/wallet/bitcoin/index.ts')
const { encodingOfChain } = await import('../dev/bitcoin/index.ts')
const { startStaticServer } = await import('../dev/static/server.ts')
const { demoAccount } = await import('../dev/chains/accounts.ts')
const { launchChromium } = await import('../test/browser.ts')
const networks = await import('../src/networks.ts')
const { tryApp } = await import('./examples/browser.mjs')
const { addApiUrl, needsEmailLogin, pointBuildAtApi } = await import('./examples/email.mjs')
const { walletConnectPairer } = await import('./examples/walletconnect.mjs')
const { placeStorage } = await import('../dev/chains/storage.ts')
const { createWalletConnectWallet } = await import('../dev/wallet/walletconnect/index.ts')
const { walletChains } = await import('../dev/wallet/walletconnect/chains.ts')

/** The networks the app imports from postern/networks (by name), as Postern defines them. */
function appNetworks(dir, files) {
  const names = new Set()
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8')
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](?:postern|@reown\/appkit)\/networks['"]/g)) {
      for (const part of m[1].split(',')) names.add(part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])
    }
  }
  return [...names].map((n) => networks[n]).filter((n) => n && typeof n === 'object' && 'caipNetworkId' in n)
}

/**
 * The contract addresses an app names for Remix's Storage contract (storageSC in AppKit's
 * examples, deployed on Sepolia and Base Sepolia): the stack has that contract there too.
 */
function storageAddresses(dir, files) {
  const found = new Set()
  for (const file of files) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\b\w*storage\w*\s*[:=]\s*['"](0x[0-9a-fA-F]{40})['"]/gi)) found.add(m[1])
  }
  return [...found]
}

/** RPC URL (or `caip:<id>`) → the local node of that network, from Postern's and the app's own viem chains. */
async function rpcRoutes(dir, stack) {
  const byUrl = new Map()
  const appChains = await import(pathToFileURL(join(dir, 'node_modules/viem/_esm/chains/index.js')).href).catch(() => ({}))
  const all = [...Object.values(networks), ...Object.values(appChains)].filter((n) => n && typeof n === 'object' && n.rpcUrls)
  const add = (n, target) => {
    for (const url of [...(n.rpcUrls.default?.http ?? []), ...(n.rpcUrls.public?.http ?? [])]) byUrl.set(url, target), byUrl.set(url.replace(/\/$/, ''), target)
  }
  for (const chain of stack.chains) {
    byUrl.set(`caip:eip155:${chain.chainId}`, chain.rpcUrl)
    for (const n of all) if (n.id === chain.chainId && (n.chainNamespace ?? 'eip155') === 'eip155') add(n, chain.rpcUrl)
  }
  if (stack.solana) {
    for (const n of all) {
      if (n.chainNamespace !== 'solana') continue
      add(n, stack.solana.rpcUrl)
      byUrl.set(`caip:${n.caipNetworkId}`, stack.solana.rpcUrl)
    }
  }
  if (stack.tron) {
    // A TRON node's HTTP API takes paths under its base URL (/wallet/*): routed by origin.
    for (const n of all) {
      if (n.chainNamespace !== 'tron') continue
      for (const url of n.rpcUrls.default?.http ?? []) byUrl.set(`base:${new URL(url).origin}`, stack.tron.url)
      byUrl.set(`caip:${n.caipNetworkId}`, stack.tron.url)
    }
  }
  // Bitcoin's Esplora APIs (REST, by path) to the local ledger writing that network's addresses:
  // mainnet's, testnet's (signet's too: tb1…) or regtest's. `prefix:` routes keep the path.
  for (const n of all) {
    if (n.chainNamespace !== 'bip122') continue
    const ledger = bitcoinLedgerOf(stack, n.caipNetworkId)
    if (ledger) for (const url of n.rpcUrls.default?.http ?? []) byUrl.set(`prefix:${url.replace(/\/$/, '')}`, ledger.url)
  }
  return byUrl
}

/** The stack's local Bitcoin ledger for a network: the one writing its addresses. */
function bitcoinLedgerOf(stack, caipNetworkId) {
  const encoding = encodingOfChain(caipNetworkId)
  return encoding === 'mainnet' ? stack.bitcoinMainnet : encoding === 'testnet' ? stack.bitcoinTestnet : stack.bitcoin
}

/**
 * The project id an app is built and served with: the one the stack configures for e-mail login
 * when the app needs the embedded smart account (Postern only: AppKit's e-mail needs Reown's own
 * secure site), else the demo project.
 */
const projectIdOf = (dir, files) => (!asPublished && needsEmailLogin(dir, files) ? REMOTE_CONFIG_PROJECT_ID : DEMO_PROJECT_ID)

/** Extracts, maps, installs and builds one app; the row so far, and whether there is a bundle to open. */
async function prepare(app, dir) {
  const row = { app: app.name, build: '', connects: '–', buttons: '–', firstError: '', marks: [] }
  const saved = join(dir, 'examples-build.json')
  // A folder cleared after its run kept the row but not the app: it is made again.
  if (reuse && existsSync(saved) && existsSync(join(dir, 'node_modules'))) return JSON.parse(readFileSync(saved, 'utf8'))
  extractApp(source, app, dir)
  const { unmapped, files } = asPublished ? { unmapped: [], files: [] } : rewriteSources(dir, map)
  if (projectIdOf(dir, files) === REMOTE_CONFIG_PROJECT_ID) log(`${app.name}: e-mail login, apiUrl added in ${addApiUrl(dir, files).join(', ')}`)
  if (!asPublished) rewritePackageJson(dir, posternTarball())
  log(`${app.name}: installing${asPublished ? ' as published (AppKit)' : ''}${unmapped.length ? ` (no Postern entry for ${unmapped.join(', ')})` : ''}`)
  const install = await installApp(dir)
  row.marks = install.marks
  if (!install.ok) return { row: { ...row, build: 'install failed', firstError: install.error }, bundled: false }
  log(`${app.name}: building`)
  const build = await buildApp(dir, projectIdOf(dir, files), extraEnv[app.name])
  row.build = build.ok ? 'ok' : build.bundled ? 'fail (bundler alone ok)' : 'fail'
  row.firstError = build.error ?? ''
  writeFileSync(saved, `${JSON.stringify({ row, bundled: build.bundled })}\n`)
  return { row, bundled: build.bundled }
}

async function tryOne(app, browser) {
  const dir = join(work, app.name)
  const { row, bundled } = await prepare(app, dir)
  if (!bundled) return row
  const files = asPublished ? sourceList(dir) : rewriteSources(dir, map).files
  const used = appNetworks(dir, files)
  const chainIds = [...new Set(used.filter((n) => n.chainNamespace === 'eip155').map((n) => Number(n.id)))]
  const solana = used.some((n) => n.chainNamespace === 'solana')
  const tron = used.some((n) => n.chainNamespace === 'tron')
  log(`${app.name}: stack with chains ${chainIds.join(', ') || '1, 137'}${solana ? ' and Solana' : ''}`)
  const stack = await startStack({ solana, chainIds: chainIds.length ? chainIds : undefined, reactDemo: false, quickstarts: false })
  let served
  const walletConnect = walletConnectPairer(stack, createWalletConnectWallet, () => walletChains({ tonApiUrl: stack.ton?.url, ...(stack.sui && { suiRpcUrls: { [stack.sui.caipNetworkId]: stack.sui.url } }) }))
  let ownServerRunning
  try {
    const rpcByUrl = await rpcRoutes(dir, stack)
    const rpcByChain = Object.fromEntries([...rpcByUrl].filter(([key]) => key.startsWith('caip:')).map(([key, url]) => [key.slice('caip:'.length), url]))
    for (const address of storageAddresses(dir, files)) for (const chain of stack.chains) await placeStorage(chain.rpcUrl, address)
    const server = ownServer(dir)
    const projectId = projectIdOf(dir, files)
    if (projectId === REMOTE_CONFIG_PROJECT_ID) pointBuildAtApi(dir, stack.api.url)
    served = await serveApp(dir, projectId, startStaticServer, rpcByChain, server?.pageOrigin, extraEnv[app.name])
    if (server) {
      if (!existsSync(join(server.dir, 'node_modules'))) {
        log(`${app.name}: installing its own server`)
        const installed = await installServer(server, asPublished ? undefined : posternTarball())
        if (!installed.ok) throw new Error(`server/ install: ${installed.error}`)
      }
      // A server that does not start leaves the app without it: the buttons that call it fail.
      ownServerRunning = await startServer(server, projectId, rpcByChain, stack.api.url).catch((error) => void log(`${app.name}: ${error.message}`))
    }
    const bitcoin = used.some((n) => n.chainNamespace === 'bip122')
    const hasEvm = (!solana && !tron && !bitcoin) || chainIds.length > 0
    // An app on Bitcoin mainnet or testnet builds that network's transactions (bc1…, tb1…): the stack's
    // local ledger writing them stands in for it, as chain 1 runs locally for EVM apps. The wallet
    // starts on the app's first Bitcoin network and switches between them (bitcoin:switchNetwork).
    const firstBitcoin = used.find((n) => n.chainNamespace === 'bip122')
    const bitcoinLedger = firstBitcoin && bitcoinLedgerOf(stack, firstBitcoin.caipNetworkId)
    const walletScripts = [
      ...(hasEvm ? [await (await fetch(`${stack.web.url}/test-wallet.js`)).text()] : []),
      ...(solana ? [await (await fetch(`${stack.web.url}/solana-test-wallet.js`)).text()] : []),
      ...(tron ? [await (await fetch(`${stack.web.url}/tron-test-wallet.js`)).text()] : []),
      // The Bitcoin test wallet with the ledgers' keys, on the app's first Bitcoin network, serving them all (their Esplora is routed to the ledgers).
      ...(bitcoin && bitcoinLedger ? [await bitcoinWalletInstallScript({ name: BITCOIN_TEST_WALLET_NAME, keys: { payment: bitcoinLedger.accounts[0].payment.secretKey, ordinal: bitcoinLedger.accounts[0].ordinal.secretKey }, chains: ['bitcoin:mainnet', 'bitcoin:testnet', 'bitcoin:signet', 'bitcoin:regtest'], network: bitcoinLedger.encoding })] : []),
    ]
    const walletNames = [...(hasEvm ? ['Postern Test Wallet'] : []), ...(solana ? [SOLANA_TEST_WALLET_NAME] : []), ...(tron ? ['TronLink'] : []), ...(bitcoin ? [BITCOIN_TEST_WALLET_NAME] : [])]
    const addressTails = [demoAccount(0).address.slice(-6), ...(stack.solana ? [stack.solana.accounts[0].address.slice(-6)] : []), ...(tron ? [stack.tron.accounts[0].address.slice(-6)] : []), ...(bitcoin && bitcoinLedger ? [bitcoinLedger.accounts[0].payment.address.slice(-6)] : [])]
    log(`${app.name}: in the browser at ${served.url}`)
    const result = await tryApp(browser, { url: served.url, stack, rpcByUrl, walletScripts, walletNames, addressTails, pairWalletConnect: walletConnect.pair, emailLogin: projectId === REMOTE_CONFIG_PROJECT_ID })
    if (result.screenshot) writeFileSync(join(dir, 'examples-failure.png'), result.screenshot)
    writeFileSync(join(dir, 'examples-result.json'), `${JSON.stringify({ ...result, screenshot: undefined }, null, 2)}\n`)
    return { ...row, connects: result.connects ? 'yes' : 'no', buttons: result.connects ? `${result.working} / ${result.total}` : '–', firstError: row.firstError || result.firstError }
  } catch (error) {
    return { ...row, connects: 'no', firstError: row.firstError || (error instanceof Error ? error.message : String(error)) }
  } finally {
    await served?.stop().catch(() => undefined)
    await walletConnect.stop().catch(() => undefined)
    await ownServerRunning?.stop()
    await stack.stop()
  }
}

const browser = await launchChromium()
const rows = []
try {
  const queue = [...apps]
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, async () => {
    while (queue.length) {
      const app = queue.shift()
      const row = await tryOne(app, browser).catch((error) => ({ app: app.name, build: 'error', connects: '–', buttons: '–', firstError: error instanceof Error ? error.message : String(error), marks: [] }))
      if (!keep) clearWorkFolder(join(work, app.name))
      rows.push(row)
      log(`${app.name}: build ${row.build}, connects ${row.connects}, buttons ${row.buttons}${row.firstError ? `, ${row.firstError}` : ''}`)
    }
  }))
} finally {
  await browser.close().catch(() => undefined)
  if (!keep && tarball) rmSync(tarball, { force: true })
}
rows.sort((a, b) => apps.findIndex((x) => x.name === a.app) - apps.findIndex((x) => x.name === b.app))
const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
console.log(`AppKit examples at ${sourceCommit(source).slice(0, 10)}, ${asPublished ? 'as published (AppKit)' : `Postern at ${commit}`}, ${new Date().toISOString().slice(0, 10)}\n`)
console.log(formatTable(rows))
