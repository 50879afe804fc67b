import type { AdapterContext, ChainAdapter, ConnectResult, Network } from '../../types'
import { PosternError, USER_REJECTED } from '../../utils/errors'
import { discoverWallets, type DiscoveredWallet } from './discovery'
import { errorCode, parseAccounts, parseChainId, request, withTimeout, type Eip1193Provider } from './provider'

/** SPEC section 9: how long revoking permissions may hold up a disconnect. */
const REVOKE_TIMEOUT_MS = 100
const hex = (n: number | string) => `0x${Number(n).toString(16)}`

export function createEip155Adapter(): ChainAdapter {
  let context: AdapterContext | undefined
  let wallets: DiscoveredWallet[] = []
  const detach = new Map<string, () => void>()

  const walletFor = (id: string): DiscoveredWallet => {
    const wallet = wallets.find((w) => w.connector.id === id)
    if (!wallet) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    return wallet
  }

  /** Keeps the modal in step with what the wallet does on its own. */
  const watch = (id: string, provider: Eip1193Provider) => {
    detach.get(id)?.()
    const onAccounts = (accounts: unknown) => {
      const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : []
      if (list.length === 0) context?.onDisconnected(id)
      else context?.onAccountChanged({ connectorId: id, address: list[0] })
    }
    const onChain = (chainId: unknown) => {
      try {
        context?.onAccountChanged({ connectorId: id, chainId: parseChainId(chainId) })
      } catch {
        // a malformed chain id from the wallet is ignored
      }
    }
    const onDisconnect = () => context?.onDisconnected(id)
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    detach.set(id, () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
      detach.delete(id)
    })
  }

  const session = async (id: string, provider: Eip1193Provider, accounts: string[]): Promise<ConnectResult> => {
    const chainId = parseChainId(await request(provider, 'eth_chainId'))
    watch(id, provider)
    return { address: accounts[0]!, chainId, accounts: accounts.map((address) => ({ address, type: 'eoa' as const })) }
  }

  return {
    namespace: 'eip155',
    setup(ctx) {
      context = ctx
      discoverWallets(ctx.settings, (list) => {
        wallets = list
        ctx.setConnectors(list.map((w) => w.connector))
      })
    },
    async connect(id) {
      const { provider } = walletFor(id)
      const accounts = parseAccounts(await request(provider, 'eth_requestAccounts'))
      if (accounts.length === 0) throw new PosternError('No account found', 'NO_ACCOUNT')
      return session(id, provider, accounts)
    },
    async reconnect(id) {
      const wallet = wallets.find((w) => w.connector.id === id)
      if (!wallet) return undefined
      const accounts = parseAccounts(await request(wallet.provider, 'eth_accounts'))
      return accounts.length ? session(id, wallet.provider, accounts) : undefined
    },
    async disconnect(id) {
      const wallet = wallets.find((w) => w.connector.id === id)
      detach.get(id)?.()
      if (!wallet) return
      // Best effort: wallets without EIP-2255 revoke, or that never answer, must not block.
      await withTimeout(request(wallet.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined), REVOKE_TIMEOUT_MS)
    },
    async switchNetwork(id, network) {
      const { provider } = walletFor(id)
      try {
        await request(provider, 'wallet_switchEthereumChain', [{ chainId: hex(network.id) }])
      } catch (error) {
        if (errorCode(error) === USER_REJECTED) throw error
        if (errorCode(error) !== 4902) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN', { cause: error })
        await addChain(provider, network)
      }
    },
    async getBalance(address, network, token) {
      const evm = await import('../../lazy/evm/index')
      return token ? evm.getTokenBalance(rpcUrlsFor(network), network, address, token) : evm.getNativeBalance(rpcUrlsFor(network), network, address)
    },
    getProvider: (id) => wallets.find((w) => w.connector.id === id)?.provider,
  }

  // Reads fall back across every endpoint (viem's fallback transport in the evm chunk).
  function rpcUrlsFor(network: Network): string[] {
    const first = context?.rpcUrls?.(network) ?? [context?.rpcUrl(network)]
    return [...new Set([...first, ...network.rpcUrls.default.http].filter((u): u is string => !!u))]
  }

  async function addChain(provider: Eip1193Provider, network: Network) {
    try {
      await request(provider, 'wallet_addEthereumChain', [{
        chainId: hex(network.id),
        rpcUrls: rpcUrlsFor(network).slice(0, 1),
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
      }])
    } catch (error) {
      if (errorCode(error) === USER_REJECTED) throw error
      throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN', { cause: error })
    }
    // Most wallets switch on add; those that don't are asked once more.
    const now = parseChainId(await request(provider, 'eth_chainId'))
    if (now !== Number(network.id)) await request(provider, 'wallet_switchEthereumChain', [{ chainId: hex(network.id) }])
  }
}
