import * as v from 'valibot'
import type { ApiServerOptions } from './index.ts'
import { CaipNetworkId, EvmAddress, SOLANA_MAINNET } from './schemas.ts'
import { BITCOIN_MAINNET } from './chain/bitcoin.ts'
import { TON_MAINNET } from './chain/ton.ts'
import { RateLimitsEnv } from './limits/index.ts'

const List = (s: string): string[] => s.split(',').map((x) => x.trim()).filter(Boolean)

const Url = v.pipe(v.string(), v.url('must be a URL'))
const ChainUrl = v.pipe(
  v.string(),
  v.regex(/^\d{1,12}=\S+$/, 'must be chainId=url'),
  v.transform((s) => ({ chainId: Number(s.slice(0, s.indexOf('='))), rpcUrl: s.slice(s.indexOf('=') + 1) })),
  v.check((c) => v.is(Url, c.rpcUrl), 'must be chainId=url with an http(s) URL'),
)
/** `caip2=url` entries (one network's own node or API), pattern and words per chain family. */
const caipUrlEntry = (id: RegExp, shape: string) =>
  v.pipe(
    v.string(),
    v.regex(new RegExp(`^${id.source}=\\S+$`), `must be ${shape}`),
    v.transform((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)] as const),
    v.check(([, url]) => v.is(Url, url) && /^https?:\/\//.test(url), `must be ${shape} with an http(s) URL`),
  )
/** caip2=url: a Sui network's full node. */
const SuiNodeUrl = caipUrlEntry(/sui:[-_a-zA-Z0-9]{1,32}/, 'sui:network=url')
/** `bip122:<genesis>=https://…`: one Bitcoin network's own Esplora API (BITCOIN_ESPLORA_URLS). */
const BitcoinEsploraEntry = caipUrlEntry(/bip122:[0-9a-fA-F]{32}/, 'bip122:<genesis hash prefix>=url')
const ChainToken = v.pipe(
  v.string(),
  v.regex(/^\d{1,12}:0x[0-9a-fA-F]{40}:[^:,]+:[^:,]+:\d{1,2}$/, 'must be chainId:address:symbol:name:decimals'),
  v.transform((s) => {
    const [chainId, address, symbol, name, decimals] = s.split(':') as [string, `0x${string}`, string, string, string]
    return { chainId: Number(chainId), token: { address: v.parse(EvmAddress, address) as `0x${string}`, symbol, name, decimals: Number(decimals) } }
  }),
)

const ChainDex = v.pipe(
  v.string(),
  v.regex(/^\d{1,12}:0x[0-9a-fA-F]{40}:0x[0-9a-fA-F]{40}$/, 'must be chainId:router:weth'),
  v.transform((s) => {
    const [chainId, router, weth] = s.split(':') as [string, `0x${string}`, `0x${string}`]
    return { chainId: Number(chainId), router, weth }
  }),
)

const LOGINS = ['email', 'google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']
const ProjectFeaturesEntry = v.pipe(
  v.string(),
  v.regex(/^[^=\s]+=[a-z]+(\+[a-z]+)*$/, 'must be projectId=email+google+…'),
  v.transform((s) => ({ projectId: s.slice(0, s.indexOf('=')), logins: s.slice(s.indexOf('=') + 1).split('+') })),
  v.check((p) => p.logins.every((l) => LOGINS.includes(l)), `must list only ${LOGINS.join(', ')}`),
)

const Env = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '8787'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.string(), '.dev-state/server'),
  EVM_RPC_URLS: v.optional(v.pipe(v.string(), v.transform(List), v.array(ChainUrl)), ''),
  EVM_TOKENS: v.optional(v.pipe(v.string(), v.transform(List), v.array(ChainToken)), ''),
  /** A Uniswap V2 router (and its WETH) per chain for the convert endpoints; it offers the chain's EVM_TOKENS token. */
  EVM_DEX: v.optional(v.pipe(v.string(), v.transform(List), v.array(ChainDex)), ''),
  /** The onramp sandbox page (test money on development chains): off unless asked for. */
  ONRAMP_SANDBOX: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'off'),
  SOLANA_RPC_URL: v.optional(Url),
  SOLANA_CHAIN_IDS: v.optional(v.pipe(v.string(), v.transform(List), v.array(CaipNetworkId)), SOLANA_MAINNET),
  SOLANA_WATCH: v.optional(v.pipe(v.string(), v.transform(List)), ''),
  TRON_API_URL: v.optional(Url),
  TRON_CHAIN_IDS: v.optional(v.pipe(v.string(), v.transform(List), v.array(CaipNetworkId)), 'tron:0x2b6653dc'),
  /** Any Esplora API (Blockstream's, mempool.space's, a self-hosted one): Bitcoin balances and history. */
  BITCOIN_ESPLORA_URL: v.optional(Url),
  BITCOIN_CHAIN_IDS: v.optional(v.pipe(v.string(), v.transform(List), v.array(CaipNetworkId)), BITCOIN_MAINNET),
  /** Further Bitcoin networks, each with its own Esplora API: `caip=url,caip=url`. */
  BITCOIN_ESPLORA_URLS: v.optional(v.pipe(v.string(), v.transform(List), v.array(BitcoinEsploraEntry), v.transform((entries) => Object.fromEntries(entries)))),
  /** A toncenter v2 JSON-RPC endpoint (toncenter.com's or a self-hosted ton-http-api): TON balances. */
  TON_API_URL: v.optional(Url),
  TON_CHAIN_IDS: v.optional(v.pipe(v.string(), v.transform(List), v.array(CaipNetworkId)), TON_MAINNET),
  /** Sui full nodes' JSON-RPC per network: sui:mainnet=https://fullnode.mainnet.sui.io:443, comma-separated. */
  SUI_RPC_URLS: v.optional(v.pipe(v.string(), v.transform(List), v.array(SuiNodeUrl)), ''),
  /** Origins of every project, and `projectId=origin` entries for one project's own list. */
  ALLOWED_ORIGINS: v.optional(v.pipe(v.string(), v.transform(List))),
  PROJECT_IDS: v.optional(v.pipe(v.string(), v.transform(List))),
  ANALYTICS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  INDEXER: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  /** Overrides of the rate limits: name=points/seconds, comma-separated (server/limits/config.ts). */
  RATE_LIMITS: v.optional(RateLimitsEnv),
  /** on: reached only through a reverse proxy that appends the caller's address to X-Forwarded-For. */
  TRUST_PROXY: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'off'),
  /** The secure site (embedded wallet) of the projects APPKIT_FEATURES configures, as /appkit/v1/config names it. */
  SECURE_SITE_URL: v.optional(v.pipe(Url, v.check((u) => /^https:|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(u), 'must be an https: URL (or http: on loopback)'))),
  /** Each project's login features for /appkit/v1/config: `projectId=email+google+x`, comma-separated. */
  APPKIT_FEATURES: v.optional(v.pipe(v.string(), v.transform(List), v.array(ProjectFeaturesEntry)), ''),
  INDEX_FROM_BLOCK: v.optional(v.pipe(v.string(), v.regex(/^(\d{1,12}|latest)$/, 'must be a block number or latest')), '0'),
})

/** Server options from the environment; a bad variable throws naming it. */
export function configFromEnv(env: Record<string, string | undefined>): ApiServerOptions & { port: number } {
  const parsed = v.safeParse(Env, env)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(`${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`)
  }
  const e = parsed.output
  const tokens = new Map(e.EVM_TOKENS.map((t) => [t.chainId, t.token]))
  const dexes = new Map(e.EVM_DEX.map((d) => [d.chainId, d]))
  const dexOf = (chainId: number) => {
    const d = dexes.get(chainId)
    const token = tokens.get(chainId)
    return d ? { dex: { router: d.router, weth: d.weth, tokens: token ? [token] : [] } } : {}
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATABASE_URL ? undefined : e.DATA_DIR,
    chains: e.EVM_RPC_URLS.map((c) => ({ ...c, token: tokens.get(c.chainId), ...dexOf(c.chainId) })),
    onrampSandbox: e.ONRAMP_SANDBOX === 'on',
    solanaRpcUrl: e.SOLANA_RPC_URL,
    solanaChainIds: e.SOLANA_CHAIN_IDS,
    solanaWatch: e.SOLANA_WATCH,
    tronApiUrl: e.TRON_API_URL,
    tronChainIds: e.TRON_CHAIN_IDS,
    bitcoinEsploraUrl: e.BITCOIN_ESPLORA_URL,
    bitcoinChainIds: e.BITCOIN_CHAIN_IDS,
    bitcoinEsploraUrls: e.BITCOIN_ESPLORA_URLS,
    tonApiUrl: e.TON_API_URL,
    tonChainIds: e.TON_CHAIN_IDS,
    suiRpcUrls: Object.fromEntries(e.SUI_RPC_URLS),
    ...originsOf(e.ALLOWED_ORIGINS),
    projectIds: e.PROJECT_IDS,
    analyticsEnabled: e.ANALYTICS === 'on',
    rateLimits: e.RATE_LIMITS,
    ...(e.APPKIT_FEATURES.length > 0 && { remoteConfig: {
      secureSiteUrl: e.SECURE_SITE_URL,
      projects: Object.fromEntries(e.APPKIT_FEATURES.map((p) => [p.projectId, { email: p.logins.includes('email'), socials: p.logins.filter((l) => l !== 'email') }])),
    } }),
    trustProxy: e.TRUST_PROXY === 'on',
    indexer: e.INDEXER === 'off' ? false : { startBlock: e.INDEX_FROM_BLOCK === 'latest' ? 'latest' : BigInt(e.INDEX_FROM_BLOCK) },
  }
}

/** ALLOWED_ORIGINS: plain entries for every project, `projectId=origin` ones for that project alone. */
function originsOf(list: string[] | undefined): Pick<ApiServerOptions, 'allowedOrigins' | 'projectOrigins'> {
  if (!list) return {}
  const shared = list.filter((o) => !o.includes('='))
  const projectOrigins: Record<string, string[]> = {}
  for (const entry of list.filter((o) => o.includes('='))) {
    const at = entry.indexOf('=')
    ;(projectOrigins[entry.slice(0, at)] ??= []).push(entry.slice(at + 1))
  }
  return { allowedOrigins: shared, projectOrigins }
}
