// The embedded frame protocol (SPEC section 7), shared by the app side (src/lazy/embedded) and the
// secure site (secure/): every message is checked against these schemas on both sides.
import * as v from 'valibot'

export const APP = '@w3m-app/'
export const FRAME = '@w3m-frame/'

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())
const ChainId = v.union([v.pipe(v.string(), v.maxLength(64)), v.pipe(v.number(), v.integer())])
const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))
/** SPEC section 1: the six social providers the frame accepts. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
const Url = v.pipe(v.string(), v.maxLength(2048), v.url())
const Id = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/))

/** SPEC section 5: wallet call entries need `to` starting with 0x, optional data starting with 0x. */
export const WalletCall = v.object({ to: Hex, data: v.optional(Hex), value: v.optional(Hex) })
/** SPEC section 5: the Solana sign-and-send options. */
export const SolanaSendOptions = v.object({
  skipPreflight: v.optional(v.boolean()),
  preflightCommitment: v.optional(v.picklist(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])),
  maxRetries: v.optional(v.number()),
  minContextSlot: v.optional(v.number()),
})
export type SolanaSendOptions = v.InferOutput<typeof SolanaSendOptions>

const req = <T extends string, P extends v.GenericSchema | undefined = undefined>(type: T, payload?: P) =>
  v.object({ id: Id, type: v.literal(`${APP}${type}` as `${typeof APP}${T}`), payload: (payload ?? v.optional(v.undefined())) as P extends v.GenericSchema ? P : v.OptionalSchema<v.UndefinedSchema<undefined>, undefined> })

const ThemeVariables = v.record(v.pipe(v.string(), v.maxLength(64)), v.union([v.pipe(v.string(), v.maxLength(256)), v.number()]))

/** Every request the app may send the frame. */
export const AppMessage = v.variant('type', [
  req('SWITCH_NETWORK', v.object({ chainId: ChainId, rpcUrl: v.optional(Url) })),
  req('CONNECT_EMAIL', v.object({ email: Email })),
  req('CONNECT_DEVICE'),
  req('CONNECT_OTP', v.object({ otp: v.pipe(v.string(), v.regex(/^\d{6}$/)) })),
  req('CONNECT_SOCIAL', v.object({ uri: Url, preferredAccountType: v.optional(v.string()), chainId: v.optional(ChainId) })),
  req('GET_FARCASTER_URI'),
  req('CONNECT_FARCASTER'),
  req('GET_USER', v.optional(v.object({ chainId: v.optional(ChainId), preferredAccountType: v.optional(v.string()), rpcUrl: v.optional(Url) }))),
  req('GET_SOCIAL_REDIRECT_URI', v.object({ provider: v.picklist(SOCIAL_PROVIDERS) })),
  req('SIGN_OUT'),
  req('IS_CONNECTED'),
  req('GET_CHAIN_ID'),
  req('GET_SMART_ACCOUNT_ENABLED_NETWORKS'),
  req('INIT_SMART_ACCOUNT'),
  req('SET_PREFERRED_ACCOUNT', v.object({ type: v.picklist(['eoa', 'smartAccount']) })),
  req('RPC_ABORT'),
  req('RPC_REQUEST', v.object({ method: v.pipe(v.string(), v.maxLength(64)), params: v.optional(v.unknown()), chainId: v.optional(ChainId), rpcUrl: v.optional(Url), chainNamespace: v.optional(v.picklist(['eip155', 'solana'])) })),
  req('UPDATE_EMAIL', v.object({ email: Email })),
  req('UPDATE_EMAIL_PRIMARY_OTP', v.object({ otp: v.pipe(v.string(), v.regex(/^\d{6}$/)) })),
  req('UPDATE_EMAIL_SECONDARY_OTP', v.object({ otp: v.pipe(v.string(), v.regex(/^\d{6}$/)) })),
  req('SYNC_THEME', v.object({ themeMode: v.optional(v.picklist(['light', 'dark'])), themeVariables: v.optional(ThemeVariables), w3mThemeVariables: v.optional(ThemeVariables) })),
  req('SYNC_DAPP_DATA', v.object({
    metadata: v.optional(v.object({ name: v.string(), description: v.string(), url: v.string(), icons: v.array(v.string()) })),
    sdkVersion: v.string(), sdkType: v.string(), projectId: v.string(),
  })),
  req('RELOAD'),
])
export type AppMessage = v.InferOutput<typeof AppMessage>
export type AppType = AppMessage['type'] extends `${typeof APP}${infer T}` ? T : never

/** A reply to one request (same id), or an event without id (READY, SHOW, HIDE). */
export const FrameMessage = v.union([
  v.object({ id: Id, type: v.pipe(v.string(), v.regex(/^@w3m-frame\/[A-Z_]+_SUCCESS$/)), payload: v.optional(v.unknown()) }),
  v.object({ id: Id, type: v.pipe(v.string(), v.regex(/^@w3m-frame\/[A-Z_]+_ERROR$/)), payload: v.object({ message: v.optional(v.string()), code: v.optional(v.number()) }) }),
  v.object({ type: v.picklist([`${FRAME}READY`, `${FRAME}SHOW`, `${FRAME}HIDE`, `${FRAME}UNVERIFIED_DOMAIN`]) }),
])
export type FrameMessage = v.InferOutput<typeof FrameMessage>

/** SPEC section 3: the frame's user payload. */
export const FrameUser = v.object({
  email: v.optional(v.nullable(v.string())),
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  chainId: ChainId,
  accounts: v.optional(v.array(v.object({ address: v.string(), type: v.picklist(['eoa', 'smartAccount']) }))),
  userName: v.optional(v.nullable(v.string())),
  preferredAccountType: v.optional(v.string()),
  smartAccountDeployed: v.optional(v.boolean()),
  /** The same login's Solana account (base58). */
  solanaAddress: v.optional(v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))),
})
export type FrameUser = v.InferOutput<typeof FrameUser>
export const ConnectEmailReply = v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })

/** SPEC section 6: answered without approval (forwarded to the chain). */
export const SAFE_METHODS = ['eth_accounts', 'eth_call', 'eth_chainId', 'eth_getBalance', 'eth_getLogs', 'eth_getTransactionReceipt', 'eth_estimateGas',
  'eth_sendRawTransaction', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_getAssets',
  'eth_getUserOperationByHash', 'eth_getUserOperationReceipt', 'eth_supportedEntryPoints']
/** SPEC section 6: shown to the user in the frame first. */
export const APPROVAL_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions',
  'wallet_revokePermissions', 'eth_sendUserOperation', 'solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction']
export const NOT_ALLOWED = 'Requested RPC call is not allowed'
