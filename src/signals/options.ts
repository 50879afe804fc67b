import * as v from 'valibot'
import type { ChainAdapter, Network } from '../types'
import { NAMESPACES } from '../utils/caip'
import { PosternError } from '../utils/errors'

const bool = v.optional(v.boolean())
const strings = v.optional(v.array(v.string()))
const url = v.pipe(v.string(), v.url())

const NetworkSchema = v.looseObject({
  id: v.union([v.number(), v.string()]),
  name: v.string(),
  nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: v.number() }),
  rpcUrls: v.looseObject({ default: v.looseObject({ http: v.array(v.string()) }) }),
  chainNamespace: v.optional(v.picklist(NAMESPACES)),
  caipNetworkId: v.optional(v.string()),
})

const AdapterSchema = v.custom<ChainAdapter>(
  (value) => !!value && typeof value === 'object' && typeof (value as ChainAdapter).namespace === 'string',
  'expected an adapter from postern/adapters',
)

const SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

const FeaturesSchema = v.strictObject({
  swaps: bool, onramp: bool, receive: bool, send: bool, email: bool, emailShowWallets: bool,
  history: bool, analytics: bool, allWallets: bool, legalCheckbox: bool, smartSessions: bool,
  collapseWallets: bool, pay: bool, reownBranding: bool,
  socials: v.optional(v.union([v.array(v.picklist(SOCIALS)), v.literal(false)])),
  connectMethodsOrder: v.optional(v.array(v.picklist(['wallet', 'email', 'social']))),
})

const ThemeVariablesSchema = v.strictObject({
  '--w3m-accent': v.optional(v.string()),
  '--w3m-color-mix': v.optional(v.string()),
  '--w3m-color-mix-strength': v.optional(v.number()),
  '--w3m-font-family': v.optional(v.string()),
  '--w3m-border-radius-master': v.optional(v.string()),
  '--w3m-z-index': v.optional(v.number()),
})

const CustomWalletSchema = v.looseObject({
  id: v.string(), name: v.string(), homepage: v.optional(v.string()), image_url: v.optional(v.string()),
  mobile_link: v.optional(v.string()), desktop_link: v.optional(v.string()), webapp_link: v.optional(v.string()),
  app_store: v.optional(v.string()), play_store: v.optional(v.string()),
})

const functionSchema = v.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a function')

/** Every option of createAppKit; unknown options pass through so sites moving from AppKit keep working. */
const OPTION_ENTRIES = {
  projectId: v.optional(v.pipe(v.string(), v.trim())),
  networks: v.pipe(v.array(NetworkSchema), v.minLength(1, 'expected at least one network')),
  defaultNetwork: v.optional(NetworkSchema),
  adapters: v.optional(v.array(AdapterSchema)),
  metadata: v.optional(v.object({ name: v.string(), description: v.string(), url: v.string(), icons: v.array(v.string()) })),
  features: v.optional(FeaturesSchema),
  themeMode: v.optional(v.picklist(['light', 'dark'])),
  themeVariables: v.optional(ThemeVariablesSchema),
  featuredWalletIds: strings, includeWalletIds: strings, excludeWalletIds: strings,
  allWallets: v.optional(v.picklist(['SHOW', 'HIDE', 'ONLY_MOBILE'])),
  customWallets: v.optional(v.array(CustomWalletSchema)),
  enableWalletConnect: bool, enableInjected: bool, enableEIP6963: bool, enableCoinbase: bool,
  allowUnsupportedChain: bool, enableNetworkSwitch: bool, enableEmbedded: bool, debug: bool,
  disableAppend: bool, enableReconnect: bool,
  siwx: v.optional(v.looseObject({ createMessage: functionSchema, addSession: functionSchema, getSessions: functionSchema, revokeSession: functionSchema, setSessions: functionSchema })),
  siweConfig: v.optional(v.looseObject({})),
  termsConditionsUrl: v.optional(url), privacyPolicyUrl: v.optional(url),
  apiUrl: v.optional(url), blockchainApiUrl: v.optional(url), relayUrl: v.optional(v.string()),
  secureSiteUrl: v.optional(url),
  rpcUrls: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
}
export const OptionsSchema = v.looseObject(OPTION_ENTRIES)
type ParsedOptions = v.InferOutput<v.ObjectSchema<typeof OPTION_ENTRIES, undefined>>

/** A network as a site may pass it: AppKit's and viem's chain objects both fit. */
export type NetworkInput = Omit<Network, 'caipNetworkId' | 'chainNamespace'> & Partial<Pick<Network, 'caipNetworkId' | 'chainNamespace'>>
export type AppKitOptions = Omit<v.InferInput<typeof OptionsSchema>, 'networks' | 'defaultNetwork'> & {
  networks: readonly NetworkInput[]
  defaultNetwork?: NetworkInput
} & InternalOptions

/**
 * Internal, for tests; not part of the AppKit surface. Checked where used (lazy/walletconnect),
 * so the loader's option schema does not grow.
 */
export interface InternalOptions {
  /** The modal's WalletConnect pairing lifetime in ms, 11000 to 300000 (default 4 minutes, SPEC section 9). */
  walletConnectPairingTtl?: number
}
export type Features = Required<Omit<v.InferOutput<typeof FeaturesSchema>, 'connectMethodsOrder'>> & { connectMethodsOrder?: ('wallet' | 'email' | 'social')[] }

/** SPEC section 1: what is on unless a site turns it off. */
export const DEFAULT_FEATURES: Features = {
  swaps: true, onramp: true, receive: true, send: true, email: true, emailShowWallets: true,
  history: true, analytics: true, allWallets: true, legalCheckbox: false, smartSessions: false,
  collapseWallets: false, pay: false, reownBranding: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
}

export const DEFAULT_API_URL = 'https://api.web3modal.org'
export const DEFAULT_BLOCKCHAIN_API_URL = 'https://rpc.walletconnect.org'
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'
export const DEFAULT_SECURE_SITE_URL = 'https://secure.walletconnect.org'

export interface ResolvedOptions extends Omit<ParsedOptions, 'networks' | 'features' | 'adapters' | 'defaultNetwork'>, InternalOptions {
  defaultNetwork?: Network
  projectId: string
  networks: Network[]
  adapters: ChainAdapter[]
  features: Features
  apiUrl: string
  blockchainApiUrl: string
  relayUrl: string
  secureSiteUrl: string
}

/**
 * Validates once at createAppKit and throws one error that names every bad option.
 * A missing project id does not throw: the modal shows the spec's alert instead.
 */
export function parseOptions(input: unknown): ResolvedOptions {
  const result = v.safeParse(OptionsSchema, input)
  if (!result.success) {
    const lines = result.issues.map((issue) => `- ${v.getDotPath(issue) ?? 'options'}: ${issue.message}`)
    throw new PosternError(`Invalid Postern options:\n${[...new Set(lines)].join('\n')}`, 'INVALID_OPTIONS')
  }
  const options = result.output
  if (options.siweConfig && options.siwx) {
    throw new PosternError('Cannot set both `siweConfig` and `siwx` options', 'INVALID_OPTIONS')
  }
  const networks = options.networks.map(withCaipId)
  return {
    ...options,
    projectId: options.projectId ?? '',
    networks,
    defaultNetwork: options.defaultNetwork ? withCaipId(options.defaultNetwork) : undefined,
    adapters: options.adapters ?? [],
    features: { ...DEFAULT_FEATURES, ...options.features },
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    blockchainApiUrl: options.blockchainApiUrl ?? DEFAULT_BLOCKCHAIN_API_URL,
    relayUrl: options.relayUrl ?? DEFAULT_RELAY_URL,
    secureSiteUrl: options.secureSiteUrl ?? DEFAULT_SECURE_SITE_URL,
  }
}

function withCaipId(network: v.InferOutput<typeof NetworkSchema>): Network {
  const chainNamespace = network.chainNamespace ?? 'eip155'
  return { ...network, chainNamespace, caipNetworkId: `${chainNamespace}:${network.id}` } as Network
}
