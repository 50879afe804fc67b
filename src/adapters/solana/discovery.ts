import type { Wallet } from '@wallet-standard/base'
import type { Wallets } from '@wallet-standard/app'
import type { Connector } from '../../types'
import { isSolanaWallet } from './standard'

export interface DiscoveredWallet {
  connector: Connector
  wallet: Wallet
}

/** Catalogue ids of well-known Solana wallets, so an installed one matches its catalogue entry. */
const EXPLORER_IDS: Record<string, string> = {
  Phantom: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
  Solflare: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
  Backpack: '2bd8c14e035c2d48f184aaa168559e86b0e3433228d3c4075900a221785019b0',
  'Coinbase Wallet': 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
}

const ICON = /^data:image\/(svg\+xml|webp|png|gif);base64,/

/**
 * Wallet Standard discovery: the wallets registered before Postern loaded and every one that
 * registers or leaves later. Lists only wallets with standard:connect and a Solana chain, one
 * per name. Calls onChange with the whole list whenever it may have changed.
 */
export function discoverWallets(
  registry: Wallets,
  settings: { excluded: readonly string[] },
  onChange: (wallets: DiscoveredWallet[]) => void,
): { refresh(): void; stop(): void } {
  const excluded = new Set(settings.excluded.map((s) => s.toLowerCase()))
  const refresh = () => {
    const byName = new Map<string, DiscoveredWallet>()
    for (const wallet of registry.get()) {
      if (!isSolanaWallet(wallet)) continue
      const name = wallet.name.trim()
      const explorerId = EXPLORER_IDS[name]
      if (byName.has(name) || [name, explorerId].some((k) => !!k && excluded.has(k.toLowerCase()))) continue
      byName.set(name, {
        wallet,
        connector: {
          id: name,
          uid: `solana:${name}`,
          name,
          type: 'ANNOUNCED',
          chain: 'solana',
          chains: ['solana'],
          imageUrl: ICON.test(wallet.icon) || wallet.icon.startsWith('https://') ? wallet.icon : undefined,
          explorerId,
          installed: true,
        },
      })
    }
    onChange([...byName.values()])
  }
  const offs = [registry.on('register', refresh), registry.on('unregister', refresh)]
  refresh()
  return { refresh, stop: () => offs.forEach((off) => off()) }
}
