import * as v from 'valibot'
import type { ChainAdapter, Network } from '../types'
import { NAMESPACES } from '../utils/caip'
import { PosternError } from '../utils/posterror'

const bool = v.optional(v.boolean())
const str = v.optional(v.string())
const num = v.optional(v.number())
const strings = v.optional(v.array(v.string()))
const url = v.pipe(v.string(), v.url())
const list = <const T extends string[]>(...names: T) => v.optional(v.array(v.picklist(names)))
const stringRecord = v.optional(v.record(v.string(), v.string()))
const flags = <const K extends string>(names: readonly K[]) => Object.fromEntries(names.map((k) => [k, bool])) as Record<K, typeof bool>

const NetworkSchema = v.looseObject({
  id: v.union([v.number(), v.string()]),
  name: v.string(),
  nativeCurrency: v.looseObject({ name: v.string(), symbol: v.string(), decimals: v.number() }),
  rpcUrls: v.looseObject({ default: v.looseObject({ http: v.array(v.string()) }) }),
  chainNamespace: v.optional(v.picklist(NAMESPACES)),
  caipNetworkId: v.optional(v.string()),
})

const AdapterSchema = v.custom<ChainAdapter>(
  (value) => !!value && typeof value === 'object' && typeof (value as ChainAdapter).namespace === 'string',
  'expected an adapter from postern/adapters',
)

export const SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIALS)[number]
export const CONNECTOR_TYPE_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorTypeOrder = (typeof CONNECTOR_TYPE_ORDER)[number]
export type ConnectMethod = 'email' | 'social' | 'wallet'
export type WalletFeature = 'swaps' | 'send' | 'receive' | 'onramp'

/** AppKit 1.8's Features (TypeUtil.ts), plus the remote feature reownBranding Postern lets a site set. */
const FEATURE_FLAGS = [
  'swaps', 'onramp', 'receive', 'send', 'email', 'emailShowWallets', 'history', 'analytics', 'allWallets',
  'legalCheckbox', 'smartSessions', 'collapseWallets', 'pay', 'reownAuthentication', 'headless', 'reownBranding',
] as const
const FEATURE_ENTRIES = {
  ...flags(FEATURE_FLAGS),
  socials: v.optional(v.union([v.array(v.picklist(SOCIALS)), v.literal(false)])),
  connectMethodsOrder: list('wallet', 'email', 'social'),
  connectorTypeOrder: list(...CONNECTOR_TYPE_ORDER),
  walletFeaturesOrder: list('swaps', 'send', 'receive', 'onramp'),
}
const FeaturesSchema = v.looseObject(FEATURE_ENTRIES)

// Every theme variable in both spellings AppKit reads; --apkt-* wins over --w3m-* (theme.ts).
const THEME_STRINGS = ['font-family', 'accent', 'color-mix', 'font-size-master', 'border-radius-master', 'qr-color']
const THEME_NUMBERS = ['color-mix-strength', 'z-index']
const ThemeVariablesSchema = v.strictObject(Object.fromEntries(['--w3m-', '--apkt-'].flatMap((p) => [
  ...THEME_STRINGS.map((k) => [p + k, str]),
  ...THEME_NUMBERS.map((k) => [p + k, num]),
])) as Record<`--${'w3m' | 'apkt'}-${'font-family' | 'accent' | 'color-mix' | 'font-size-master' | 'border-radius-master' | 'qr-color'}`, typeof str>
  & Record<`--${'w3m' | 'apkt'}-${'color-mix-strength' | 'z-index'}`, typeof num>)

const CustomWalletSchema = v.looseObject({
  id: v.string(), name: v.string(), homepage: str, image_url: str,
  mobile_link: str, desktop_link: str, webapp_link: str, app_store: str, play_store: str,
})

const fn = v.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a function')
const object = v.looseObject({})
const ACCOUNT_TYPE = v.picklist(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])

/** AppKit 1.8's boolean options (OptionsController, TypesUtil.ts). */
const BOOLEAN_OPTIONS = [
  'enableWalletConnect', 'enableInjected', 'enableEIP6963', 'enableCoinbase', 'enableBaseAccount', 'enableWallets',
  'enableReconnect', 'enableWalletGuide', 'enableAuthLogger', 'enableMobileFullScreen', 'enableNetworkSwitch',
  'enableEmbedded', 'allowUnsupportedChain', 'disableAppend', 'showWallets', 'manualWCControl', 'debug',
  'experimental_preferUniversalLinks',
] as const

/** Every option of AppKit 1.8's CreateAppKit, plus Postern's self-hosting URLs; unknown options pass through. */
const OPTION_ENTRIES = {
  ...flags(BOOLEAN_OPTIONS),
  projectId: v.optional(v.pipe(v.string(), v.trim())),
  networks: v.pipe(v.array(NetworkSchema), v.minLength(1, 'expected at least one network')),
  defaultNetwork: v.optional(NetworkSchema),
  adapters: v.optional(v.array(AdapterSchema)),
  metadata: v.optional(v.looseObject({ name: v.string(), description: v.string(), url: v.string(), icons: v.array(v.string()) })),
  features: v.optional(FeaturesSchema),
  themeMode: v.optional(v.picklist(['light', 'dark'])),
  themeVariables: v.optional(ThemeVariablesSchema),
  featuredWalletIds: strings, includeWalletIds: strings, excludeWalletIds: strings,
  allWallets: v.optional(v.picklist(['SHOW', 'HIDE', 'ONLY_MOBILE'])),
  customWallets: v.optional(v.array(CustomWalletSchema)),
  chainImages: stringRecord, connectorImages: stringRecord,
  customRpcUrls: v.optional(v.record(v.string(), v.array(v.looseObject({ url: v.string() })))),
  tokens: v.optional(v.record(v.string(), v.looseObject({ address: v.string() }))),
  coinbasePreference: v.optional(v.picklist(['all', 'smartWalletOnly', 'eoaOnly'])),
  defaultAccountTypes: v.optional(v.record(v.picklist(NAMESPACES), ACCOUNT_TYPE)),
  universalProvider: v.optional(object),
  universalProviderConfigOverride: v.optional(object),
  siwx: v.optional(v.looseObject({ createMessage: fn, addSession: fn, getSessions: fn, revokeSession: fn, setSessions: fn })),
  siweConfig: v.optional(v.looseObject({ methods: v.looseObject({ getNonce: fn, createMessage: fn, verifyMessage: fn, getSession: fn, signOut: fn }) })),
  termsConditionsUrl: v.optional(url), privacyPolicyUrl: v.optional(url),
  apiUrl: v.optional(url), blockchainApiUrl: v.optional(url), relayUrl: str,
  secureSiteUrl: v.optional(url),
  /** The modal's language (BCP 47, e.g. 'de', 'pt-BR'); else the browser's, matched to the nearest supported. */
  locale: str,
  /** Set on the one <style> element a browser without constructable stylesheets gets (a strict CSP's style-src nonce). */
  nonce: str,
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
type FeatureInput = v.InferOutput<v.ObjectSchema<typeof FEATURE_ENTRIES, undefined>>
export type Features = Required<Omit<FeatureInput, 'connectMethodsOrder'>> & Pick<FeatureInput, 'connectMethodsOrder'>

/** SPEC section 1 and AppKit's ConstantsUtil.DEFAULT_FEATURES: what is on unless a site turns it off. */
export const DEFAULT_FEATURES: Features = {
  swaps: true, onramp: true, receive: true, send: true, email: true, emailShowWallets: true,
  history: true, analytics: true, allWallets: true, legalCheckbox: false, smartSessions: false,
  collapseWallets: false, pay: false, reownBranding: true, reownAuthentication: false, headless: false,
  socials: [...SOCIALS],
  connectorTypeOrder: [...CONNECTOR_TYPE_ORDER],
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
}

/** AppKit's ConstantsUtil.DEFAULT_ACCOUNT_TYPES (SPEC section 3). */
export const DEFAULT_ACCOUNT_TYPES = { bip122: 'payment', eip155: 'smartAccount', polkadot: 'eoa', solana: 'eoa', cosmos: 'eoa' } as const

export const DEFAULT_API_URL = 'https://api.web3modal.org'
export const DEFAULT_BLOCKCHAIN_API_URL = 'https://rpc.walletconnect.org'
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'
export const DEFAULT_SECURE_SITE_URL = 'https://secure.walletconnect.org'

export interface ResolvedOptions extends Omit<ParsedOptions, 'networks' | 'features' | 'adapters' | 'defaultNetwork' | 'defaultAccountTypes'>, InternalOptions {
  defaultNetwork?: Network
  projectId: string
  networks: Network[]
  adapters: ChainAdapter[]
  features: Features
  defaultAccountTypes: Record<string, string>
  apiUrl: string
  blockchainApiUrl: string
  relayUrl: string
  secureSiteUrl: string
}

/** Formats every issue of a failed parse as one error naming each bad option. */
export function optionsError(issues: readonly v.BaseIssue<unknown>[]): PosternError {
  const lines = issues.map((issue) => `- ${v.getDotPath(issue) ?? 'options'}: ${issue.message}`)
  return new PosternError(`Invalid Postern options:\n${[...new Set(lines)].join('\n')}`, 'INVALID_OPTIONS')
}

/**
 * Validates once at createAppKit and throws one error that names every bad option.
 * A missing project id does not throw: the modal shows the spec's alert instead.
 */
export function parseOptions(input: unknown): ResolvedOptions {
  const result = v.safeParse(OptionsSchema, input)
  if (!result.success) throw optionsError(result.issues)
  const options = result.output
  if (options.siweConfig && options.siwx) {
    throw new PosternError('Cannot set both `siweConfig` and `siwx` options', 'INVALID_OPTIONS')
  }
  const images = options.chainImages ?? {}
  const network = (n: NetworkOutput) => {
    const out = withCaipId(n)
    const image = images[out.id]
    return image ? { ...out, assets: { ...out.assets, imageUrl: image } } : out
  }
  return {
    ...options,
    // The site's own object, not valibot's copy: a SIWX class instance's methods use `this`.
    siwx: (input as { siwx?: object }).siwx as typeof options.siwx,
    universalProvider: (input as { universalProvider?: object }).universalProvider as typeof options.universalProvider,
    projectId: options.projectId ?? '',
    networks: options.networks.map(network),
    defaultNetwork: options.defaultNetwork && network(options.defaultNetwork),
    // enableCoinbase: false hides Coinbase Wallet wherever excluded wallets are hidden.
    excludeWalletIds: options.enableCoinbase === false ? [...(options.excludeWalletIds ?? []), ...COINBASE] : options.excludeWalletIds,
    adapters: options.adapters ?? [],
    features: payRules({ ...DEFAULT_FEATURES, ...options.features }),
    defaultAccountTypes: { ...DEFAULT_ACCOUNT_TYPES, ...options.defaultAccountTypes },
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    blockchainApiUrl: options.blockchainApiUrl ?? DEFAULT_BLOCKCHAIN_API_URL,
    relayUrl: options.relayUrl ?? DEFAULT_RELAY_URL,
    secureSiteUrl: options.secureSiteUrl ?? DEFAULT_SECURE_SITE_URL,
  }
}

/** As AppKit's OptionsController: with features.pay the Connect view offers wallets only (no e-mail, no socials). */
export const payRules = (features: Features): Features => (features.pay ? { ...features, email: false, socials: false } : features)

type NetworkOutput = v.InferOutput<typeof NetworkSchema>
/** Coinbase Wallet's catalogue id, EIP-6963 rdns and connector id. */
const COINBASE = ['fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', 'com.coinbase.wallet', 'coinbaseWalletSDK']

/**
 * As AppKit's CaipNetworksUtil: a network that names its namespace and CAIP-2 id keeps that id
 * (a custom network such as Sui's `sui:mainnet` with id 784); otherwise it is `namespace:id`.
 */
export function withCaipId(network: NetworkOutput): Network {
  const chainNamespace = network.chainNamespace ?? 'eip155'
  const own = `${chainNamespace}:${network.id}`
  const given = network.chainNamespace && network.caipNetworkId
  return { ...network, chainNamespace, caipNetworkId: given?.split(':').length == 2 && given.startsWith(own.split(':')[0] + ':') ? given : own } as Network
}
