import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { startChains, type LocalChain } from './chains/index.ts'
import { DEFAULT_PROJECT_IDS, startApiServer, type ApiServer } from '../server/index.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../server/limits/index.ts'
import { startRelay, type Relay } from './relay/index.ts'
import { DEMO_TOKEN, LOCAL_SOLANA_CHAIN, startSolana, type LocalSolana } from './solana/index.ts'
import { faucetKeypair } from './solana/keys.ts'
import { SOLANA_MAINNET } from '../server/schemas.ts'
import { startStaticServer, type StaticServer } from './static/server.ts'
import { secureSiteHeaders } from './static/secure-headers.ts'
import { injectedWalletInstallScript } from './wallet/injected/index.ts'
import { solanaWalletInstallScript } from './wallet/solana/index.ts'
import { bundleReactDemo } from './demo/bundle.ts'
import { bundleSite } from './quickstart/bundle.ts'
import { serveQuickstarts } from './quickstart/index.ts'
import { startMailServer, type MailServer } from './mail/index.ts'
import { startOidcProvider, type OidcServer } from './oidc/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from './farcaster/index.ts'
import { databaseBehindSwitch, startFaults, type Faults } from './faults/index.ts'
import { startAccountAbstraction, type AccountAbstraction } from './aa/index.ts'
import { DEMO_TRC20, startTron, type LocalTron } from './tron/index.ts'
import { tronWalletInstallScript } from './wallet/tron/index.ts'
import { startBitcoin, type LocalBitcoin } from './bitcoin/index.ts'
import { bitcoinWalletInstallScript } from './wallet/bitcoin/index.ts'
import { startTon, type LocalTon } from './ton/index.ts'
import { demoTonWallet } from './ton/keys.ts'
import { startSui, type LocalSui } from './sui/index.ts'
import { demoSuiKeypair } from './sui/keys.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
export const DEMO_PROJECT_ID = 'postern-demo'
/** The one project /appkit/v1/config configures (e-mail on, the stack's secure site): a site passing no secureSiteUrl still gets e-mail login. */
export const REMOTE_CONFIG_PROJECT_ID = 'postern-remote-config'
/** The Wallet Standard test wallet that /solana-test-wallet.js installs (demo account 0 of the local ledger). */
export const SOLANA_TEST_WALLET_NAME = 'Postern Solana Wallet'
/** The Wallet Standard Bitcoin test wallet that /bitcoin-test-wallet.js installs (demo account 0 of the regtest ledger). */
export const BITCOIN_TEST_WALLET_NAME = 'Postern Bitcoin Wallet'

export interface Stack {
  /** The static server: demo pages at /, the build at /dist/. */
  web: StaticServer
  api: ApiServer
  relay: Relay
  /** The local mail server (SMTP) and its inbox page. */
  mail: MailServer
  /** The embedded wallet's secure site, on its own origin. */
  secure: StaticServer
  /** The OpenID provider standing in for the social logins. */
  oidc: OidcServer
  /** The Farcaster Connect relay stand-in (dev/farcaster/client.ts completes its channels). */
  farcaster: FarcasterRelay
  chains: LocalChain[]
  solana?: LocalSolana
  /** The local TRON node (HTTP API), demo accounts and TRC-20 token. */
  tron: LocalTron
  /** The regtest ledger behind its Esplora API (networks.bitcoinRegtest). */
  bitcoin?: LocalBitcoin
  /** Beside it, local ledgers writing testnet's (tb1…, networks.bitcoinTestnet) and mainnet's (bc1…, networks.bitcoin) addresses: a wallet switches between them. */
  bitcoinTestnet?: LocalBitcoin
  bitcoinMainnet?: LocalBitcoin
  /** The local TON ledger (@ton/sandbox behind toncenter's v2 API); the demo TON wallet is funded. */
  ton?: LocalTon
  /** The local Sui node (JSON-RPC, sui:localnet); the demo Sui account is funded. */
  sui?: LocalSui
  /** ERC-4337 on the chains: EntryPoint v0.7, the smart-account factory, an Alto bundler each. */
  aa: AccountAbstraction
  /** CAIP network id → that chain's bundler URL. */
  bundlerUrls: Record<string, string>
  /** CAIP network id → RPC URL, as createAppKit's rpcUrls option takes it. */
  rpcUrls: Record<string, string>
  /** The demo's settings, also served to pages as /demo-config.js. */
  config: DemoConfig
  /** A fault switch per service (RPC of each chain, API, relay, database); pages reach them through `faults.config`. */
  faults: Faults<DemoConfig>
  /** A test stack's share wrapping key (hex), so tests can play the operator; npm start keeps its own in a file. */
  shareKey?: string
  stop(): Promise<void>
}

export interface DemoConfig {
  projectId: string
  apiUrl: string
  blockchainApiUrl: string
  relayUrl: string
  rpcUrls: Record<string, string>
  solanaRpcUrl?: string
  /** The local TRON node's HTTP API (networks.tronLocal). */
  tronApiUrl: string
  secureSiteUrl: string
  /** The Farcaster Connect relay the auth service opens Farcaster logins at. */
  farcasterRelayUrl: string
  /** CAIP network id → ERC-4337 bundler URL. */
  bundlerUrls: Record<string, string>
}

/**
 * Every page of the local stack (the demo, each e2e test's browser) reaches the API from 127.0.0.1:
 * one IP stands for every visitor, so its per-IP limits are the overall ones. The per-e-mail code
 * limits stay as deployed.
 */
const LOOPBACK_RATE_LIMITS: Partial<RateLimits> = {
  'mail.ip': DEFAULT_RATE_LIMITS['mail.all'],
  'auth.ip': DEFAULT_RATE_LIMITS['auth.all'],
  'write.ip': DEFAULT_RATE_LIMITS['write.all'],
}

/**
 * Starts everything the modal talks to, on loopback with free ports, in parallel where it can:
 * chains (+ token), Solana ledger, relay, API server, and the static server for demo and build.
 * A failure part-way stops what had started. `bundlers: 'on-demand'`: each chain's Alto starts
 * on its first request, for a stack whose users never send a user operation (Alto's start is a
 * couple of seconds of CPU per chain).
 */
export async function startStack(opts: { solana?: boolean; bitcoin?: boolean; webPort?: number; reactDemo?: boolean; quickstarts?: boolean; ton?: boolean; sui?: boolean; stateDir?: string; databaseUrl?: string; rateLimits?: Partial<RateLimits>; chainIds?: number[]; bundlers?: 'on-demand' } = {}): Promise<Stack> {
  const started: { stop(): Promise<void> }[] = []
  const track = <T extends { stop(): Promise<void> }>(p: Promise<T>) => p.then((v) => (started.push(v), v))
  try {
    const [chains, solana, relay, tron, bitcoin] = await Promise.all([
      // With a state folder (npm start: .dev-state/) the chains, the Solana and TRON ledgers and the server's database survive a restart.
      track(startChains({ stateDir: opts.stateDir && `${opts.stateDir}/chains`, chainIds: opts.chainIds })),
      opts.solana === false ? undefined : track(startSolana({ stateDir: opts.stateDir && `${opts.stateDir}/solana` })),
      track(startRelay()),
      track(startTron({ stateDir: opts.stateDir && `${opts.stateDir}/tron` })),
      opts.bitcoin === false ? undefined : track(startBitcoin()),
    ])
    // Bitcoin's other networks as local ledgers (the same demo keys, each network's encoding).
    const [bitcoinTestnet, bitcoinMainnet] = bitcoin ? await Promise.all([track(startBitcoin({ network: 'testnet' })), track(startBitcoin({ network: 'mainnet' }))]) : []
    // The bundlers start while the other services do; the chains (restored or new) get the
    // EntryPoint and factory first, deployed only when missing.
    const aaStarting = track(startAccountAbstraction(chains.chains, { onDemand: opts.bundlers === 'on-demand' }))
    aaStarting.catch(() => undefined) // awaited below
    const tonStarting = opts.ton === false ? undefined : track(demoTonWallet().then(({ contract }) => startTon({ fund: [contract.address] })))
    tonStarting?.catch(() => undefined) // awaited below
    const suiStarting = opts.sui === false ? undefined : track(startSui({ fund: [demoSuiKeypair().toSuiAddress()], stateDir: opts.stateDir && `${opts.stateDir}/sui` }))
    suiStarting?.catch(() => undefined) // awaited below
    const mail = await track(startMailServer())
    // The secure site on a port of its own: another origin than the demo pages. Its OAuth
    // redirect is registered with the local OpenID provider. Named localhost: WebAuthn (its
    // passkey mode) takes a domain as relying party id, never an IP address.
    // Its pages carry their framing policy (frame-ancestors), the frame's from the API's allowed origins.
    let secureApiUrl: string | undefined
    const secure = await track(startStaticServer({ hostname: 'localhost', mounts: { '/': `${root}dist/secure` }, headers: secureSiteHeaders(() => secureApiUrl) }))
    const oidc = await track(startOidcProvider({ redirectUris: [`${secure.url}/callback.html`] }))
    const farcaster = await track(startFarcasterRelay())
    // The test wallet's browser bundle builds while the other services start.
    const solanaWallet = solana
      ? solanaWalletInstallScript({ name: SOLANA_TEST_WALLET_NAME, rpcUrl: solana.rpcUrl, secretKeys: solana.accounts.map((a) => a.secretKey) })
      : Promise.resolve('// this stack runs without a local Solana ledger\n')
    solanaWallet.catch(() => undefined) // awaited below; a failure before that must not go unhandled
    const tronWallet = tronWalletInstallScript({ nodeUrl: tron.url, privateKeys: tron.accounts.map((a) => a.privateKey) })
    tronWallet.catch(() => undefined) // awaited below
    // The API server's database (PGlite, or Postgres at databaseUrl) is behind its fault switch.
    const shareKey = randomBytes(32).toString('hex')
    const database = await track(databaseBehindSwitch({ databaseUrl: opts.databaseUrl, dataDir: opts.stateDir && `${opts.stateDir}/server` }))
    const api = await track(startApiServer({
      chains: chains.chains,
      db: database.db,
      indexer: { intervalMs: 500 },
      onrampSandbox: true,
      // Bitcoin balances and history from the regtest ledger's Esplora API (BITCOIN_ESPLORA_URL under npm start).
      ...(bitcoin && { bitcoinEsploraUrl: bitcoin.url, bitcoinChainIds: [bitcoin.caipNetworkId] }),
      ...(bitcoinTestnet && bitcoinMainnet && { bitcoinEsploraUrls: { [bitcoinTestnet.caipNetworkId]: bitcoinTestnet.url, [bitcoinMainnet.caipNetworkId]: bitcoinMainnet.url } }),
      ...(solana && {
        solanaRpcUrl: solana.rpcUrl,
        solanaChainIds: [SOLANA_MAINNET, LOCAL_SOLANA_CHAIN],
        solanaMints: { [solana.mint]: { name: DEMO_TOKEN.name, symbol: DEMO_TOKEN.symbol } },
        solanaWatch: solana.accounts.map((a) => a.address),
        // The onramp sandbox pays SOL and mints the demo USDC from the ledger's faucet (its mint authority).
        onrampSolanaTreasury: (await faucetKeypair()).secretKey,
      }),
      // The share wrapping key, stated explicitly as the service requires: npm start keeps a dev key
      // in a file beside its data (standing in for a KMS); a test stack makes one for its run.
      emailAuth: {
        smtp: mail.smtp, oidcIssuer: oidc.issuer, farcasterRelay: farcaster.url, farcasterIdRegistry: farcaster.idRegistry,
        ...(opts.stateDir ? { shareKeyFile: `${opts.stateDir}/secure-share.key` } : { shareKey }),
      },
      // The pay relayer's deposit key sealing key: npm start keeps a dev key beside its data; a test stack's lives in memory.
      ...(opts.stateDir && { payRelay: { keyFile: `${opts.stateDir}/pay-relay.key` } }),
      tronApiUrl: tron.url,
      tronChainIds: [tron.caipNetworkId],
      tronTokens: { [DEMO_TRC20.address]: { name: DEMO_TRC20.name, symbol: DEMO_TRC20.symbol } },
      // Sui balances and history from the local Sui node (SUI_RPC_URLS), which stands in for
      // sui:mainnet too, as the local TON and Bitcoin ledgers do for theirs.
      ...(suiStarting && { suiRpcUrls: await suiStarting.then((sui) => ({ [sui.caipNetworkId]: sui.url, 'sui:mainnet': sui.url })) }),
      rateLimits: { ...LOOPBACK_RATE_LIMITS, ...opts.rateLimits },
      projectIds: [...DEFAULT_PROJECT_IDS, REMOTE_CONFIG_PROJECT_ID],
      remoteConfig: { secureSiteUrl: secure.url, projects: { [REMOTE_CONFIG_PROJECT_ID]: { email: true, socials: [] } } },
      smartAccounts: await aaStarting.then(({ entryPoint, factory, bundlerUrls }) => ({ entryPoint, factory, bundlerUrls })),
    }))
    secureApiUrl = api.url
    secure.setPage('/config.js', `window.POSTERN_SECURE_CONFIG = ${JSON.stringify({ authUrl: api.url, oidcIssuer: oidc.issuer })};\n`)
    const web = await track(startStaticServer({
      port: opts.webPort,
      mounts: { '/dist/': `${root}dist`, '/': `${root}dev/demo` },
    }))
    const aa = await aaStarting
    const rpcUrls: Record<string, string> = Object.fromEntries(chains.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl]))
    if (solana) rpcUrls['solana:localnet'] = solana.rpcUrl // networks.solanaLocal
    rpcUrls[tron.caipNetworkId] = tron.url // networks.tronLocal
    if (bitcoin) rpcUrls[bitcoin.caipNetworkId] = bitcoin.url // networks.bitcoinRegtest: its Esplora API
    for (const ledger of [bitcoinTestnet, bitcoinMainnet]) if (ledger) rpcUrls[ledger.caipNetworkId] = ledger.url // networks.bitcoinTestnet, networks.bitcoin
    const ton = await tonStarting
    if (ton) rpcUrls['ton:-239'] = ton.url // the TON network's toncenter API
    const sui = await suiStarting
    if (sui) rpcUrls[sui.caipNetworkId] = sui.url // sui:localnet's JSON-RPC
    const config: DemoConfig = { projectId: DEMO_PROJECT_ID, apiUrl: api.url, blockchainApiUrl: api.url, relayUrl: relay.url, rpcUrls, solanaRpcUrl: solana?.rpcUrl, tronApiUrl: tron.url, secureSiteUrl: secure.url, farcasterRelayUrl: farcaster.url, bundlerUrls: aa.bundlerUrls }
    web.setPage('/demo-config.js', `window.POSTERN_DEMO = ${JSON.stringify(config)};\n`)
    const faults = await track(startFaults(config, database.switch))
    web.setPage('/test-wallet.js', injectedWalletInstallScript({
      name: 'Postern Test Wallet',
      rdns: 'dev.postern.testwallet',
      chains: Object.fromEntries(chains.chains.map((c) => [String(c.chainId), c.rpcUrl])),
    }))
    if (opts.reactDemo !== false) web.setPage('/react-app.js', await bundleReactDemo())
    // The TRON demo page (dev/demo/tron.html) with TronLink's wallet adapter from npm.
    if (opts.reactDemo !== false) web.setPage('/tron.js', await bundleSite('dev/demo/tron.ts'))
    // AppKit's quick-starts under /quickstart/ (bundled like the React demo; e2e stacks skip both unless asked).
    if (opts.quickstarts ?? opts.reactDemo !== false) await serveQuickstarts(web)
    web.setPage('/solana-test-wallet.js', await solanaWallet)
    web.setPage('/tron-test-wallet.js', await tronWallet)
    web.setPage('/bitcoin-test-wallet.js', bitcoin
      ? await bitcoinWalletInstallScript({ name: BITCOIN_TEST_WALLET_NAME, keys: { payment: bitcoin.accounts[0]!.payment.secretKey, ordinal: bitcoin.accounts[0]!.ordinal.secretKey } })
      : '// this stack runs without a local Bitcoin ledger\n')
    return {
      web, api, relay, mail, secure, oidc, farcaster, chains: chains.chains, solana, tron, bitcoin, bitcoinTestnet, bitcoinMainnet, ton, sui, aa, bundlerUrls: aa.bundlerUrls, rpcUrls, config, faults,
      ...(!opts.stateDir && { shareKey }),
      stop: () => stopAll(started),
    }
  } catch (error) {
    await stopAll(started)
    throw error
  }
}

async function stopAll(parts: { stop(): Promise<void> }[]): Promise<void> {
  await Promise.allSettled(parts.splice(0).reverse().map((p) => p.stop()))
}
