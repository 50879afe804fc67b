// A minimal Wallet Standard app for tests and manual checks: discovers wallets with
// @wallet-standard/app's getWallets() as soon as it loads (like a dApp would) and exposes
// `window.PosternSolanaProbe`, whose methods take and return plain JSON (bytes as base64).
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

type ProbeError = { error: { code: number | null; message: string } }
type ChangeRecord = { wallet: string; accounts?: string[]; chains?: string[] }

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function toBase58(bytes: Uint8Array): string {
  let n = BigInt('0x' + (Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') || '0'))
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = '1' + out
  }
  return out
}

const registry = getWallets()
const registrations: string[] = []
const changes: ChangeRecord[] = []
const subscribed = new WeakSet<Wallet>()

function watch(wallet: Wallet) {
  if (subscribed.has(wallet)) return
  subscribed.add(wallet)
  const events = wallet.features['standard:events'] as { on(event: 'change', listener: (p: { accounts?: readonly WalletAccount[]; chains?: readonly string[] }) => void): () => void } | undefined
  events?.on('change', (p) =>
    changes.push({ wallet: wallet.name, ...(p.accounts ? { accounts: p.accounts.map((a) => a.address) } : {}), ...(p.chains ? { chains: [...p.chains] } : {}) }),
  )
}
for (const wallet of registry.get()) {
  registrations.push(wallet.name)
  watch(wallet)
}
registry.on('register', (...wallets) => {
  for (const wallet of wallets) {
    registrations.push(wallet.name)
    watch(wallet)
  }
})

function find(name: string): Wallet {
  const wallet = registry.get().find((w) => w.name === name)
  if (!wallet) throw new Error(`no wallet named ${name}`)
  return wallet
}

function feature<T>(wallet: Wallet, name: string): T {
  const f = wallet.features[name as `${string}:${string}`]
  if (!f) throw new Error(`${wallet.name} lacks ${name}`)
  return f as T
}

/** The wallet's account with that address (default: its first); an address it does not list
 *  stands for an app holding a stale account object, so the wallet's own checks can be seen. */
function account(wallet: Wallet, address?: string): WalletAccount {
  const found = address ? wallet.accounts.find((a) => a.address === address) : wallet.accounts[0]
  if (found) return found
  if (!address) throw new Error(`${wallet.name} has no connected account`)
  return { address, publicKey: new Uint8Array(32), chains: [...wallet.chains], features: [] }
}

async function guarded<T>(work: () => Promise<T>): Promise<T | ProbeError> {
  try {
    return await work()
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : null
    return { error: { code, message: error instanceof Error ? error.message : String(error) } }
  }
}

const probe = {
  /** Wallet names in the registry now. */
  names: () => registry.get().map((w) => w.name),
  /** Names in the order the app saw them register. */
  registrations: () => registrations.slice(),
  changes: () => changes.slice(),
  describe: (name: string) => {
    const wallet = find(name)
    return {
      version: wallet.version,
      name: wallet.name,
      icon: wallet.icon,
      chains: [...wallet.chains],
      features: Object.keys(wallet.features),
      accounts: wallet.accounts.map((a) => ({ address: a.address, publicKey: toBase64(new Uint8Array(a.publicKey)), chains: [...a.chains], features: [...a.features] })),
    }
  },
  connect: (name: string, silent?: boolean) =>
    guarded(async () => {
      const { connect } = feature<{ connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }>(find(name), 'standard:connect')
      const { accounts } = await connect(silent === undefined ? undefined : { silent })
      return { accounts: accounts.map((a) => a.address) }
    }),
  disconnect: (name: string) =>
    guarded(async () => {
      await feature<{ disconnect(): Promise<void> }>(find(name), 'standard:disconnect').disconnect()
      return { ok: true }
    }),
  signMessage: (name: string, messageBase64: string, address?: string) =>
    guarded(async () => {
      const wallet = find(name)
      const { signMessage } = feature<{ signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signature: Uint8Array; signedMessage: Uint8Array; signatureType?: string }[]> }>(wallet, 'solana:signMessage')
      const [output] = await signMessage({ account: account(wallet, address), message: fromBase64(messageBase64) })
      return { signature: toBase64(output!.signature), signedMessage: toBase64(output!.signedMessage), signatureType: output!.signatureType ?? null }
    }),
  signTransaction: (name: string, transactionBase64: string, chain?: string, address?: string) =>
    guarded(async () => {
      const wallet = find(name)
      const { signTransaction } = feature<{ signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]): Promise<{ signedTransaction: Uint8Array }[]> }>(wallet, 'solana:signTransaction')
      const [output] = await signTransaction({ account: account(wallet, address), transaction: fromBase64(transactionBase64), ...(chain ? { chain } : {}) })
      return { signedTransaction: toBase64(output!.signedTransaction) }
    }),
  signAndSendTransaction: (name: string, transactionBase64: string, chain: string, address?: string) =>
    guarded(async () => {
      const wallet = find(name)
      const { signAndSendTransaction } = feature<{ signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: { commitment?: string } }[]): Promise<{ signature: Uint8Array }[]> }>(wallet, 'solana:signAndSendTransaction')
      const [output] = await signAndSendTransaction({ account: account(wallet, address), transaction: fromBase64(transactionBase64), chain, options: { commitment: 'confirmed' } })
      return { signature: toBase58(output!.signature) }
    }),
}

export type PosternSolanaProbe = typeof probe
declare global {
  interface Window {
    PosternSolanaProbe?: PosternSolanaProbe
  }
}
window.PosternSolanaProbe = probe
