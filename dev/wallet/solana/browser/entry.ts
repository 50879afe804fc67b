// Postern's Solana test wallet for the browser: a Wallet Standard wallet backed by the demo keys
// of the local ledger (dev/solana). Bundled into one IIFE by ../bundle.ts; a page or a test adds
// the script, then calls PosternSolanaTestWallet.install(options). Types: ../types.ts.
import * as v from 'valibot'
import type { IdentifierString, WalletIcon } from '@wallet-standard/base'
import { SOLANA_TEST_WALLET_CHAINS, type PosternSolanaTestWalletApi, type SolanaTestWalletHandle, type SolanaTestWalletOptions } from '../types.ts'
import { parseSecretKey, WalletKey } from './keys.ts'
import { registerWallet } from './register.ts'
import { describeIssues, Options } from './schemas.ts'
import { createSolanaTestWallet } from './wallet.ts'

declare global {
  interface Window {
    PosternSolanaTestWallet?: PosternSolanaTestWalletApi
  }
}

function defaultIcon(name: string): WalletIcon {
  let hash = 0
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0
  const letter = (Array.from(name.trim())[0] ?? '?').toUpperCase().replace(/[<&>"]/g, '?')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="hsl(${hash % 360} 60% 42%)"/><text x="48" y="62" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`
  return `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}` as WalletIcon
}

function install(options: SolanaTestWalletOptions): SolanaTestWalletHandle {
  const parsed = v.safeParse(Options, options)
  if (!parsed.success) throw new TypeError(`PosternSolanaTestWallet.install: ${describeIssues(parsed.issues)}`)
  const o = parsed.output
  if (wallets.has(o.name)) throw new TypeError(`PosternSolanaTestWallet.install: a wallet named "${o.name}" is already installed`)
  const keys = o.secretKeys.map((key, i) => new WalletKey(parseSecretKey(key, i)))
  const indexes = o.accountIndex === undefined ? [0] : Array.isArray(o.accountIndex) ? o.accountIndex : [o.accountIndex]
  const initialAccounts = indexes.map((i) => {
    const key = keys[i]
    if (!key) throw new TypeError(`PosternSolanaTestWallet.install: accountIndex ${i} is outside secretKeys`)
    return key
  })
  const { wallet, handle, setUnregister } = createSolanaTestWallet({
    name: o.name,
    icon: (o.icon ?? defaultIcon(o.name)) as WalletIcon,
    rpcUrl: o.rpcUrl,
    keys,
    initialAccounts,
    chains: (o.chains ?? [...SOLANA_TEST_WALLET_CHAINS]) as IdentifierString[],
    autoApprove: o.autoApprove ?? true,
  })
  wallets.set(o.name, handle)
  setUnregister(registerWallet(wallet))
  return handle
}

const wallets = new Map<string, SolanaTestWalletHandle>()

// Loaded twice (a script tag plus an init script): keep the first copy and its wallets.
if (!window.PosternSolanaTestWallet) {
  window.PosternSolanaTestWallet = Object.freeze({
    version: 1 as const,
    install,
    get(name: string) {
      const handle = wallets.get(name)
      if (!handle) throw new Error(`PosternSolanaTestWallet.get: no wallet named ${JSON.stringify(name)} is installed`)
      return handle
    },
    list: () => [...wallets.keys()],
  })
}
