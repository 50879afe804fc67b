// Node side of the injected test wallet: the browser script's text and the types of what it
// defines on `window`, for Playwright tests and the demo server.
import { readFileSync } from 'node:fs'

export type ApprovalPolicy = 'approve' | 'reject' | 'hang'

export interface InjectedWalletOptions {
  name: string
  /** Reverse domain name, e.g. 'dev.postern.testwallet'; also the wallet's storage key. */
  rdns: string
  /** UUIDv4; a random one per page load by default (EIP-6963: unique per session). */
  uuid?: string
  /** A data:image/ URI; by default a generated SVG with the name's first letter. */
  icon?: string
  /** Decimal chain id → RPC URL. Integer-like keys enumerate in ascending order. */
  chains: Record<string, string>
  /** Initial chain; default the first key of `chains`. A chain remembered in storage wins. */
  chainId?: number
  /** Which of anvil's 10 unlocked demo accounts the wallet holds; default [0]. */
  accountIndex?: number[]
  /** Also set `window.ethereum` when the page has none. */
  legacy?: boolean
  /** Default true: prompts are approved. false: the default policy is 'hang' (an unanswered popup). */
  autoApprove?: boolean
  /**
   * EIP-7811: hex chain id → the assets wallet_getAssets answers (returned as given). With it the
   * wallet reports assetDiscovery on those chains in wallet_getCapabilities; without it, neither method.
   */
  assets?: Record<string, unknown[]>
}

export interface RpcErrorShape {
  code: number
  message: string
  data?: unknown
}

/** One `provider.request` call as the wallet saw it. Plain JSON data. */
export interface RequestLogEntry {
  method: string
  params: unknown
  /** 'pending' until settled (and forever under the 'hang' policy); 'rejected' is code 4001. */
  outcome: 'pending' | 'ok' | 'rejected' | 'error'
  /** The policy applied if the wallet prompted the person, null if it answered without a prompt. */
  prompt: ApprovalPolicy | null
  result?: unknown
  error?: RpcErrorShape
}

export interface Eip1193RequestArguments {
  method: string
  params?: readonly unknown[] | object
}

export type ProviderEvent = 'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message' | (string & {})

export interface InjectedEip1193Provider {
  readonly isPosternTestWallet: true
  request(args: Eip1193RequestArguments): Promise<unknown>
  on(event: ProviderEvent, listener: (payload: any) => void): InjectedEip1193Provider
  once(event: ProviderEvent, listener: (payload: any) => void): InjectedEip1193Provider
  removeListener(event: ProviderEvent, listener: (payload: any) => void): InjectedEip1193Provider
  off(event: ProviderEvent, listener: (payload: any) => void): InjectedEip1193Provider
}

export interface Eip6963ProviderInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

export interface InjectedWalletState {
  authorized: boolean
  accounts: string[]
  chainId: number
  chains: Record<string, string>
  policy: { default: ApprovalPolicy } & Record<string, ApprovalPolicy>
}

export interface InjectedWalletHandle {
  readonly provider: InjectedEip1193Provider
  readonly info: Eip6963ProviderInfo
  /** A copy of the request log, oldest first. */
  readonly requests: RequestLogEntry[]
  /** A snapshot of the wallet's state. */
  readonly state: InjectedWalletState
  /** Without methods: the policy for every approval prompt (clears per-method ones). With methods:
   *  only for those; a non-approval method given here is then scripted too (e.g. a read that hangs). */
  setPolicy(policy: ApprovalPolicy, methods?: string[]): void
  clearLog(): void
  /** Replaces the wallet's accounts; emits accountsChanged when the site is authorised. */
  setAccounts(addresses: string[]): void
  /** Emits an event to the provider's listeners without changing state. */
  emit(event: string, payload: unknown): void
  /** Forgets the site and emits 'disconnect' with code 4900. */
  disconnect(): void
  /** Back to the installed options: forgets the site and added chains, clears the log and policies. */
  reset(): void
}

export interface PosternTestWalletApi {
  readonly version: 1
  install(options: InjectedWalletOptions): InjectedWalletHandle
  /** Throws when no wallet with that rdns is installed. */
  get(rdns: string): InjectedWalletHandle
  list(): string[]
}

/** Cast `window` to this inside page.evaluate callbacks. */
export type WindowWithTestWallet = Window & typeof globalThis & { PosternTestWallet: PosternTestWalletApi }

let source: string | undefined

/** The browser script's text, read once. */
export function injectedWalletSource(): string {
  source ??= readFileSync(new URL('./wallet.js', import.meta.url), 'utf8')
  return source
}

/** The script plus install calls, ready for `page.addInitScript` or an inline `<script>`. */
export function injectedWalletInstallScript(...wallets: InjectedWalletOptions[]): string {
  // JSON in a <script> must not close the element.
  const calls = wallets.map((options) => {
    const json = JSON.stringify(options).replace(/</g, '\\u003c')
    // Skip a wallet the page already installed, so the script can run twice in one page.
    return `;(function (o) { if (!window.PosternTestWallet.list().includes(o.rdns)) window.PosternTestWallet.install(o) })(${json});`
  })
  return `${injectedWalletSource()}\n${calls.join('\n')}\n`
}
