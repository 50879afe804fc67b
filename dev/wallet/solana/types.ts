// Types shared by the Solana test wallet's browser script and the Node code (tests, demo) that drives it.
import type { Wallet } from '@wallet-standard/base'

export type ApprovalPolicy = 'approve' | 'reject' | 'hang'

/** The Wallet Standard chains the wallet announces by default; all of them are served by `rpcUrl`. */
export const SOLANA_TEST_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const

/** Features a person has to confirm (and so follow the approval policy). */
export const PROMPTING_METHODS = ['standard:connect', 'solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

export type SolanaWalletMethod = (typeof PROMPTING_METHODS)[number] | 'standard:disconnect'

export interface SolanaTestWalletOptions {
  /** Also the key of the wallet's remembered authorisation in localStorage. */
  name: string
  /** A data:image/(svg+xml|webp|png|gif);base64 URI; by default a generated SVG with the name's first letter. */
  icon?: string
  /** The Solana JSON-RPC every chain sends through (the local ledger). */
  rpcUrl: string
  /** 64-byte ed25519 secret keys (seed + public key), as base58 text or byte arrays. */
  secretKeys: (string | number[])[]
  /** Which of `secretKeys` the wallet exposes as accounts; default 0. */
  accountIndex?: number | number[]
  /** Wallet Standard chain ids; default SOLANA_TEST_WALLET_CHAINS. */
  chains?: string[]
  /** Default true: prompts are approved. false: the default policy is 'hang' (an unanswered popup). */
  autoApprove?: boolean
}

export interface WalletErrorShape {
  code: number
  message: string
  data?: unknown
}

/** One feature call as the wallet saw it. Plain JSON data; bytes are base64, signatures base58. */
export interface RequestLogEntry {
  method: SolanaWalletMethod
  params: unknown
  /** 'pending' until settled (and forever under the 'hang' policy); 'rejected' is code 4001. */
  outcome: 'pending' | 'ok' | 'rejected' | 'error'
  /** The policy applied if the wallet prompted the person, null if it answered without a prompt. */
  prompt: ApprovalPolicy | null
  result?: unknown
  error?: WalletErrorShape
}

export interface SolanaTestWalletState {
  authorized: boolean
  /** The wallet's current accounts (exposed to the site only while authorised). */
  accounts: string[]
  chains: string[]
  policy: { default: ApprovalPolicy } & Partial<Record<SolanaWalletMethod, ApprovalPolicy>>
}

export type ChangeProperty = 'accounts' | 'chains' | 'features'

export interface SolanaTestWalletHandle {
  /** The Wallet Standard wallet object, as apps receive it. */
  readonly wallet: Wallet
  /** A copy of the request log, oldest first. */
  readonly requests: RequestLogEntry[]
  readonly state: SolanaTestWalletState
  /** Without methods: the policy for every prompt (clears per-method ones). With methods: only for those. */
  setPolicy(policy: ApprovalPolicy, methods?: SolanaWalletMethod[]): void
  clearLog(): void
  /** Replaces the exposed accounts (addresses of, or indexes into, `secretKeys`); emits 'change' when authorised. */
  setAccounts(accounts: (string | number)[]): void
  /** Emits a `standard:events` 'change' with the current values of the given properties (default: accounts). */
  emitChange(properties?: ChangeProperty[]): void
  /** The person disconnects the site in the wallet: forgets the authorisation and emits 'change' with no accounts. */
  disconnect(): void
  /** Back to the installed options: forgets the site, clears the log and policies. */
  reset(): void
  /** Removes the wallet from every app that registered it. */
  unregister(): void
}

export interface PosternSolanaTestWalletApi {
  readonly version: 1
  install(options: SolanaTestWalletOptions): SolanaTestWalletHandle
  /** Throws when no wallet with that name is installed. */
  get(name: string): SolanaTestWalletHandle
  list(): string[]
}

/** Cast `window` to this inside page.evaluate callbacks. */
export type WindowWithSolanaTestWallet = Window & typeof globalThis & { PosternSolanaTestWallet: PosternSolanaTestWalletApi }
