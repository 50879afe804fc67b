// Node side of the TRON test wallet: its bundled browser script and an install snippet for
// pages and Playwright (TronLink's injected objects over the local node's demo keys).
import { bundleBrowserScript } from '../solana/bundle.ts'
import type { TronTestWalletOptions } from './browser/entry.ts'

export type { TronTestWalletOptions, TronWalletRequest } from './browser/entry.ts'

/** The wallet script plus its install call, ready for a `<script>` or `page.addInitScript`. */
export async function tronWalletInstallScript(options: TronTestWalletOptions): Promise<string> {
  const json = JSON.stringify(options).replace(/</g, '\\u003c')
  return `${await bundleBrowserScript(new URL('./browser/entry.ts', import.meta.url))}\n;window.PosternTronTestWallet.install(${json});\n`
}
