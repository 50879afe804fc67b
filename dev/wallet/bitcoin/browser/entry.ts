// Bundled into one IIFE by ../index.ts: defines window.PosternBitcoinTestWallet; a page then
// calls install(options) (the install script does it for the stack's pages).
import { registerWallet } from '../../solana/browser/register.ts'
import { createBitcoinTestWallet, type BitcoinTestWalletOptions } from './wallet.ts'
import { installInjectedTestWallet, type InjectedKind, type InjectedTestWalletOptions } from './injected.ts'
import { installSatsTestWallet, type SatsTestWalletOptions } from './sats-connect.ts'

type Handle = ReturnType<typeof createBitcoinTestWallet>['handle']
type InjectedHandle = ReturnType<typeof installInjectedTestWallet>
const wallets = new Map<string, Handle>()
const injected = new Map<InjectedKind, InjectedHandle>()
const sats = new Map<string, ReturnType<typeof installSatsTestWallet>>()

declare global {
  interface Window {
    PosternBitcoinTestWallet?: {
      install(o: BitcoinTestWalletOptions): Handle
      get(name: string): Handle
      list(): string[]
      /** OKX's (window.okxwallet.bitcoin) or Unisat's (window.unisat) own API, one of each kind. */
      installInjected(o: InjectedTestWalletOptions): InjectedHandle
      injected(kind: InjectedKind): InjectedHandle | undefined
      /** A sats-connect wallet (window.btc_providers); switchFromWallet plays the visitor switching inside it. */
      installSats(o: SatsTestWalletOptions): ReturnType<typeof installSatsTestWallet>
      sats(id: string): ReturnType<typeof installSatsTestWallet> | undefined
    }
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
    installInjected(o: InjectedTestWalletOptions) {
      if (injected.has(o.kind)) throw new TypeError(`PosternBitcoinTestWallet.installInjected: a ${o.kind} wallet is already installed`)
      const handle = installInjectedTestWallet(o, window as never)
      injected.set(o.kind, handle)
      return handle
    },
    injected: (kind: InjectedKind) => injected.get(kind),
    installSats(o: SatsTestWalletOptions) {
      if (sats.has(o.id)) throw new TypeError(`PosternBitcoinTestWallet.installSats: a wallet at ${o.id} is already installed`)
      const handle = installSatsTestWallet(o, window as never)
      sats.set(o.id, handle)
      return handle
    },
    sats: (id: string) => sats.get(id),
  })
}
