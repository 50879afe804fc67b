// Node side of the Bitcoin test wallet: its browser script bundled with esbuild (in memory, cached)
// and an install snippet for pages and Playwright.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BitcoinTestWalletOptions } from './browser/wallet.ts'

export type { BitcoinTestWalletOptions } from './browser/wallet.ts'

let source: Promise<string> | undefined

export function bitcoinWalletSource(): Promise<string> {
  source ??= build({
    entryPoints: [fileURLToPath(new URL('./browser/entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  }).then((result) => result.outputFiles[0]!.text)
  source.catch(() => (source = undefined))
  return source
}

const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#b45309"/><text x="48" y="64" font-family="sans-serif" font-size="48" font-weight="700" text-anchor="middle" fill="#fff">B</text></svg>').toString('base64')}`

/** The wallet script plus install calls, ready for `page.addInitScript` or an inline `<script>`. */
export async function bitcoinWalletInstallScript(...wallets: Omit<BitcoinTestWalletOptions, 'icon'>[]): Promise<string> {
  const calls = wallets.map((o) => {
    const json = JSON.stringify({ icon: ICON, ...o }).replace(/</g, '\\u003c')
    return `;(function (o) { if (!window.PosternBitcoinTestWallet.list().includes(o.name)) window.PosternBitcoinTestWallet.install(o) })(${json});`
  })
  return `${await bitcoinWalletSource()}\n${calls.join('\n')}\n`
}
