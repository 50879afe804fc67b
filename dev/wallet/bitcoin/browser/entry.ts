// Bundled into one IIFE by ../index.ts: defines window.PosternBitcoinTestWallet; a page then
// calls install(options) (the install script does it for the stack's pages).
import { registerWallet } from '../../solana/browser/register.ts'
import { createBitcoinTestWallet, type BitcoinTestWalletOptions } from './wallet.ts'

type Handle = ReturnType<typeof createBitcoinTestWallet>['handle']
const wallets = new Map<string, Handle>()

declare global {
  interface Window {
    PosternBitcoinTestWallet?: { install(o: BitcoinTestWalletOptions): Handle; get(name: string): Handle; list(): string[] }
  }
}

if (!window.PosternBitcoinTestWallet) {
  window.PosternBitcoinTestWallet = Object.freeze({
    install(o: BitcoinTestWalletOptions) {
      if (wallets.has(o.name)) throw new TypeError(`PosternBitcoinTestWallet.install: a wallet named "${o.name}" is already installed`)
      const { wallet, handle } = createBitcoinTestWallet(o)
      wallets.set(o.name, handle)
      registerWallet(wallet)
      return handle
    },
    get(name: string) {
      const handle = wallets.get(name)
      if (!handle) throw new Error(`PosternBitcoinTestWallet.get: no wallet named ${JSON.stringify(name)} is installed`)
      return handle
    },
    list: () => [...wallets.keys()],
  })
}
