// The Solana adapter's test wallets: the real Solana test wallet (dev/wallet/solana) registered
// through the Wallet Standard window events in happy-dom, and a recording AdapterContext.
import type { Wallet } from '@wallet-standard/base'
import { getWallets } from '../../src/lazy/solana/wallets'
import { createSolanaAdapter, type SolanaAdapter } from '../../src/adapters/solana/adapter'
import type { AdapterContext, Connector } from '../../src/types'
import { solana, solanaDevnet } from '../../src/networks'
import { createSolanaTestWallet } from '../../dev/wallet/solana/browser/wallet.ts'
import { registerWallet } from '../../dev/wallet/solana/browser/register.ts'
import { WalletKey } from '../../dev/wallet/solana/browser/keys.ts'
import { demoKeypairs } from '../../dev/solana/keys.ts'
import type { SolanaTestWalletHandle } from '../../dev/wallet/solana/types.ts'

export const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
export const keys = (await demoKeypairs(2)).map((k) => new WalletKey(k.secretKey))
export const [A, B] = [keys[0]!.address as string, keys[1]!.address as string]
let serial = 0

export function install(opts: { name?: string; chains?: string[]; autoApprove?: boolean } = {}): { name: string; wallet: Wallet; handle: SolanaTestWalletHandle } {
  const name = opts.name ?? `Test Wallet ${++serial}`
  const { wallet, handle, setUnregister } = createSolanaTestWallet({
    name,
    icon: ICON,
    rpcUrl: 'http://127.0.0.1:9',
    keys,
    initialAccounts: [keys[0]!],
    chains: (opts.chains ?? ['solana:mainnet', 'solana:devnet', 'solana:localnet']) as `${string}:${string}`[],
    autoApprove: opts.autoApprove ?? true,
  })
  setUnregister(registerWallet(wallet))
  return { name, wallet, handle }
}

export function recorder(excluded: string[] = []) {
  const seen = { connectors: [] as Connector[], changed: [] as { connectorId: string; address?: string }[], disconnected: [] as string[] }
  const context: AdapterContext = {
    networks: [solana, solanaDevnet],
    setConnectors: (list) => void (seen.connectors = list),
    onAccountChanged: (change) => void seen.changed.push(change),
    onDisconnected: (id) => void seen.disconnected.push(id),
    rpcUrl: (network) => network.rpcUrls.default.http[0]!,
    settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded },
  }
  return { seen, context, names: () => seen.connectors.map((c) => c.name) }
}

export function started(excluded?: string[]): { adapter: SolanaAdapter; seen: ReturnType<typeof recorder>['seen']; names: () => string[] } {
  const adapter = createSolanaAdapter(getWallets)
  const r = recorder(excluded)
  adapter.setup(r.context)
  return { adapter, seen: r.seen, names: r.names }
}

