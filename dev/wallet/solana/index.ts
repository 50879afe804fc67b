// Node side of the Solana test wallet: its bundled browser script, an install snippet for pages
// and Playwright, and the types of what it defines on `window`.
import { solanaWalletSource } from './bundle.ts'
import type { SolanaTestWalletOptions } from './types.ts'

export { solanaProbeSource, solanaWalletSource } from './bundle.ts'
export type { PosternSolanaProbe } from './probe.ts'
export * from './types.ts'

/** Install options as Node code holds them: secret keys may be Uint8Arrays (e.g. LocalSolana.accounts). */
export type SolanaTestWalletNodeOptions = Omit<SolanaTestWalletOptions, 'secretKeys'> & {
  secretKeys: (string | number[] | Uint8Array)[]
}

/** JSON-ready options for the browser: bytes become number arrays. */
export function toBrowserOptions(options: SolanaTestWalletNodeOptions): SolanaTestWalletOptions {
  return { ...options, secretKeys: options.secretKeys.map((key) => (key instanceof Uint8Array ? Array.from(key) : key)) }
}

/** The wallet script plus install calls, ready for `page.addInitScript` or an inline `<script>`. */
export async function solanaWalletInstallScript(...wallets: SolanaTestWalletNodeOptions[]): Promise<string> {
  const calls = wallets.map((options) => {
    // JSON in a <script> must not close the element.
    const json = JSON.stringify(toBrowserOptions(options)).replace(/</g, '\\u003c')
    // Skip a wallet the page already installed, so the script can run twice in one page.
    return `;(function (o) { if (!window.PosternSolanaTestWallet.list().includes(o.name)) window.PosternSolanaTestWallet.install(o) })(${json});`
  })
  return `${await solanaWalletSource()}\n${calls.join('\n')}\n`
}
