import type { RemoteConfigOptions } from './routes/appkit-config.ts'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { EvmChainOptions } from './chain/evm.ts'
import { openDb, type Db } from './db/index.ts'
import { fixtures } from './fixtures.ts'
import { errorReply, send, sendPreflight } from './http.ts'
import { startIndexer, type Indexer, type IndexerOptions } from './indexer/index.ts'
import { watchSolana } from './indexer/solana.ts'
import { dispatch } from './router.ts'
import { routes } from './routes/index.ts'
import { SOLANA_MAINNET } from './schemas.ts'
import { BITCOIN_MAINNET } from './chain/bitcoin.ts'
import { TON_MAINNET } from './chain/ton.ts'
import { createState, solanaChain, type ServerState } from './state.ts'
import { trustToken } from './tokens.ts'
import { startOnrampSandbox } from './onramp-sandbox.ts'
import { configurePayRelay, type PayRelayOptions } from './pay-relay.ts'
import { startRelayJobs } from './pay-relay-jobs.ts'
import { startPurge } from './purge.ts'
import { configureEmailAuth, type EmailAuthOptions } from './auth-email/config.ts'
import { configureSmartAccounts, type SmartAccountOptions } from './auth-email/smart-accounts.ts'
import { configureRateLimits, type RateLimits } from './limits/index.ts'

export type { AnalyticsEvent } from './state.ts'
export type { EvmChainOptions, TokenInfo } from './chain/evm.ts'

export interface ApiServerOptions {
  /** An open database to use instead of opening one from databaseUrl/dataDir (the server closes it on stop). */
  db?: Db
  /** A free port when absent. */
  port?: number
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  chains: EvmChainOptions[]
  /** Projects allowed to call; default ['postern-demo', 'test']. */
  projectIds?: string[]
  /** The origins of every project without its own list (what /projects/v1/origins answers); default the loopback origins on any port. */
  allowedOrigins?: string[]
  /** A project's own origins, by project id: a site allowed for one project is not allowed for another. */
  projectOrigins?: Record<string, string[]>
  /** What /appkit/v1/config answers (SECURE_SITE_URL, APPKIT_FEATURES): features and the secure site, per project. */
  remoteConfig?: RemoteConfigOptions
  /** What /getAnalyticsConfig answers; default true. */
  analyticsEnabled?: boolean
  /** A Solana JSON-RPC endpoint for base58 addresses on the balance endpoint and the indexer. */
  solanaRpcUrl?: string
  /** CAIP-2 ids that name that Solana cluster; the first is reported. Default Solana mainnet. */
  solanaChainIds?: string[]
  /** SPL mints to price and never flag as spam, besides the catalogue's. */
  solanaMints?: Record<string, { name: string; symbol: string }>
  /** Solana addresses to follow from the start (any address asked about is followed too). */
  solanaWatch?: string[]
  /** A TRON full node's HTTP API (TronGrid's /wallet/*) for TRON addresses on the balance endpoint. */
  tronApiUrl?: string
  /** CAIP-2 ids that TRON API answers for; the first is reported. Default TRON mainnet. */
  tronChainIds?: string[]
  /** TRC-20 contracts (base58) to read balances of, besides mainnet USDT. */
  tronTokens?: Record<string, { name: string; symbol: string }>
  /** An Esplora API (BITCOIN_ESPLORA_URL) for Bitcoin balances and history. */
  bitcoinEsploraUrl?: string
  /** CAIP-2 ids that Esplora API answers for; the first is reported. Default Bitcoin mainnet. */
  bitcoinChainIds?: string[]
  /** Esplora APIs of further Bitcoin networks (CAIP-2 id → URL), e.g. testnet's beside mainnet's. */
  bitcoinEsploraUrls?: Record<string, string>
  /** A toncenter v2 JSON-RPC endpoint (TON_API_URL) for TON balances. */
  tonApiUrl?: string
  /** CAIP-2 ids that TON API answers for; the first is reported. Default TON mainnet. */
  tonChainIds?: string[]
  /** Sui full nodes' JSON-RPC (SUI_RPC_URLS) by CAIP-2 id, e.g. sui:mainnet: Sui balances and history. */
  suiRpcUrls?: Record<string, string>
  /** A postgres:// URL; PGlite otherwise. */
  databaseUrl?: string
  /** PGlite's data folder; in memory when absent. */
  dataDir?: string
  /**
   * true runs the onramp sandbox page (test cards, paid from a development node's unlocked account);
   * off by default, when POST /v1/generators/onrampurl answers 503.
   */
  onrampSandbox?: boolean
  /** The onramp sandbox's Solana treasury (64-byte secret key); without it nothing is sold on Solana. */
  onrampSolanaTreasury?: Uint8Array
  /** false runs no indexer (history then serves what another server indexed). */
  indexer?: false | Pick<IndexerOptions, 'intervalMs' | 'startBlock' | 'maxBlocks'>
  /** The embedded wallet's e-mail codes: the SMTP server and the share wrapping key (required). */
  emailAuth?: EmailAuthOptions
  /** How often expired nonces, codes, links and sessions are deleted; default every 10 minutes. */
  purgeIntervalMs?: number
  /** The embedded wallet's smart accounts (EntryPoint, factory, bundler per chain); none when absent. */
  smartAccounts?: SmartAccountOptions
  /** Overrides of the default rate limits (server/limits/config.ts), e.g. higher ones for a test stack. */
  rateLimits?: Partial<RateLimits>
  /**
   * How long one read of an address's EVM balances serves the requests for it (default 1 s;
   * balance-cache.ts). A transfer this server indexes ends it sooner; forceUpdate skips it.
   */
  balanceMaxAgeMs?: number
  /** AppKit Pay's relayer: its deposit key sealing key (PAY_RELAY_KEY[_FILE]) and how often it looks; a key in memory when absent. */
  payRelay?: PayRelayOptions & { intervalMs?: number }
  /** Reached only through a reverse proxy: the per-IP limits count the address it appends to X-Forwarded-For. */
  trustProxy?: boolean
}

export interface ApiServer {
  url: string
  db: Db
  indexer: Indexer | undefined
  /** The onramp sandbox provider page's origin. */
  onrampSandboxUrl: string | undefined
  /** Sets the origins of every project without its own list, or with `projectId` that project's own. */
  setAllowedOrigins(list: string[], projectId?: string): void
  stop(): Promise<void>
}

export const DEFAULT_PROJECT_IDS = ['postern-demo', 'test']
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*']

/** Starts the reference provider + blockchain API server, its database and (unless told not to) its indexer. */
export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  fixtures() // load and check the fixture files before listening
  const db = opts.db ?? await openDb(opts)
  const state = createState({
    db,
    chains: opts.chains,
    projectIds: opts.projectIds ?? DEFAULT_PROJECT_IDS,
    allowedOrigins: opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
    projectOrigins: opts.projectOrigins,
    analyticsEnabled: opts.analyticsEnabled ?? true,
    solanaRpcUrl: opts.solanaRpcUrl,
    solanaChainIds: opts.solanaChainIds ?? [SOLANA_MAINNET],
    solanaMints: opts.solanaMints ?? {},
    balanceMaxAgeMs: opts.balanceMaxAgeMs,
    tronApiUrl: opts.tronApiUrl,
    tronChainIds: opts.tronChainIds,
    tronTokens: opts.tronTokens,
  })
  state.onrampSolanaTreasury = opts.onrampSolanaTreasury
  state.remoteConfig = opts.remoteConfig
  if (opts.bitcoinEsploraUrl) Object.assign(state, { bitcoinEsploraUrl: opts.bitcoinEsploraUrl, bitcoinChainIds: opts.bitcoinChainIds ?? [BITCOIN_MAINNET] })
  state.bitcoinEsploraUrls = { ...Object.fromEntries(state.bitcoinChainIds.map((chain) => [chain, opts.bitcoinEsploraUrl!])), ...opts.bitcoinEsploraUrls }
  state.bitcoinChainIds = Object.keys(state.bitcoinEsploraUrls)
  if (opts.tonApiUrl) Object.assign(state, { tonApiUrl: opts.tonApiUrl, tonChainIds: opts.tonChainIds ?? [TON_MAINNET] })
  state.suiRpcUrls = { ...opts.suiRpcUrls }
  configureSmartAccounts(state, opts.smartAccounts)
  configureRateLimits(state, opts.rateLimits, opts.trustProxy)
  try {
    // Without emailAuth the embedded wallet's routes refuse; with it, a wrapping key is required.
    if (opts.emailAuth) configureEmailAuth(state, opts.emailAuth)
    await prepareIndex(state, opts)
    await configurePayRelay(state, opts.payRelay)
  } catch (error) {
    await db.close()
    throw error
  }
  if (opts.indexer !== false) state.indexer = startIndexer({ ...opts.indexer, ...indexerSources(state) })
  const purge = startPurge(db, opts.purgeIntervalMs)
  const relay = startRelayJobs(state, opts.payRelay?.intervalMs)

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return sendPreflight(req, res)
    try {
      send(res, await dispatch(routes, state, req))
    } catch (error) {
      send(res, errorReply(error))
    }
  }

  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const host = opts.host ?? '127.0.0.1'
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await purge.stop()
    await relay.stop()
    await state.indexer?.stop()
    await db.close()
    throw error
  }
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('api server has no TCP address')
  state.url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`
  // The sandbox provider page listens on its own port: its own origin, as a real provider's.
  const sandbox = opts.onrampSandbox ? await startOnrampSandbox(state) : undefined
  state.onrampSandboxUrl = sandbox?.url

  let stopping: Promise<void> | undefined
  return {
    url: state.url,
    db,
    indexer: state.indexer,
    onrampSandboxUrl: sandbox?.url,
    setAllowedOrigins(list, projectId) {
      if (projectId === undefined) state.allowedOrigins = [...list]
      else state.projectOrigins.set(projectId, [...list])
    },
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          for (const s of sockets) s.destroy()
        })
        await sandbox?.stop()
        await purge.stop()
        await relay.stop()
        await state.indexer?.stop()
        await db.close()
      })()
      return stopping
    },
  }
}

/** Records the tokens the options vouch for and the Solana addresses to follow, before indexing starts. */
async function prepareIndex(state: ServerState, opts: ApiServerOptions): Promise<void> {
  for (const c of state.evm) for (const t of c.trusted) await trustToken(state.db, { chain: c.caip, ...t })
  const solana = solanaChain(state)
  if (!solana) return
  for (const [mint, meta] of Object.entries(opts.solanaMints ?? {})) {
    const [row] = await state.db.query('SELECT 1 FROM tokens WHERE chain = $1 AND address = $2', [solana, mint])
    // The decimals come from the chain when the indexer meets the mint; until then only the flag matters.
    if (row) await state.db.query('UPDATE tokens SET name = $3, symbol = $4, spam = false WHERE chain = $1 AND address = $2', [solana, mint, meta.name, meta.symbol])
  }
  for (const address of opts.solanaWatch ?? []) await watchSolana(state.db, address, { pinned: true })
}

function indexerSources(state: ServerState): Pick<IndexerOptions, 'db' | 'evm' | 'solana' | 'onTouched'> {
  const solana = solanaChain(state)
  return {
    db: state.db,
    // A balance read before a transfer this server indexed is not served after it.
    onTouched: (chain, addresses) => state.balances.forget(chain, addresses),
    evm: state.evm.map((c) => ({ caip: c.caip, client: c.client })),
    solana: solana && state.solanaRpcUrl ? { caip: solana, rpcUrl: state.solanaRpcUrl, knownMints: state.solanaMints } : undefined,
  }
}
