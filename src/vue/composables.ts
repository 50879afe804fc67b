import { reactive, type ShallowRef } from 'vue'
import type { OpenArgs } from '../signals/modal'
import type { ThemeMode, ThemeVariables } from '../signals/theme'
import type { ChainNamespace, Network } from '../types'
import { readAccount, readNetwork, readState, type AccountSnapshot, type AppKit, type NetworkSnapshot } from '../kit'
import { currentInstance } from '../instance'
import { accountFor, activeAccount } from '../signals/account'
import { isNamespace } from '../utils/caip'
import { fetchBalance } from '../kit/balance'
import { fields, follow, requireKit, untilUnmounted } from './follow'

// AppKit 1.8's Vue composables (@reown/appkit/vue) on the site's own Vue: each returns the shape
// AppKit's does (a Ref, or a reactive object), kept in step with the modal's signals until the
// calling component unmounts.

const DISCONNECTED: AccountSnapshot = { address: undefined, caipAddress: undefined, isConnected: false, status: 'disconnected', allAccounts: [], embeddedWalletInfo: undefined }

export function useAppKit() {
  const kit = requireKit('useAppKit')
  return reactive({ open: (options?: OpenArgs) => kit.open(options), close: () => kit.close() })
}

/** AppKit's Ref<UseAppKitAccountReturn>: the namespace's account, else the active one's. */
export function useAppKitAccount(options: { namespace?: ChainNamespace } = {}): ShallowRef<AccountSnapshot> {
  const namespace = isNamespace(options.namespace) ? options.namespace : undefined
  return follow((kit) => (kit ? readAccount(kit.store, namespace) : DISCONNECTED))
}

export type UseAppKitNetworkReturn = Partial<NetworkSnapshot> & { switchNetwork: (network: Network) => Promise<void> }

/** AppKit's Ref<UseAppKitNetworkReturn>, with switchNetwork in the value. */
export function useAppKitNetwork(): ShallowRef<UseAppKitNetworkReturn> {
  const switchNetwork = async (network: Network) => {
    await currentInstance().peek()?.switchNetwork(network)
  }
  return follow((kit): UseAppKitNetworkReturn => ({ ...(kit ? readNetwork(kit.store) : { supportsAllNetworks: true }), switchNetwork }))
}

/** AppKit's reactive state: open and selectedNetworkId (with activeChain, loading, initialized) and the remote features. */
export function useAppKitState() {
  requireKit('useAppKitState')
  return fields(follow((kit) => ({ ...readState(kit!.store), remoteFeatures: kit!.store.remoteFeatures.value })), {})
}

export function useAppKitTheme() {
  const kit = requireKit('useAppKitTheme', 'hook')
  const theme = follow((k) => ({ themeMode: (k ?? kit).store.theme.mode.value, themeVariables: (k ?? kit).store.theme.variables.value }))
  return fields(theme, {
    setThemeMode(mode: ThemeMode) {
      if (mode) kit.setThemeMode(mode)
    },
    setThemeVariables(variables: ThemeVariables) {
      if (variables) kit.setThemeVariables(variables)
    },
  })
}

/** AppKit's EventsController state ({ timestamp, reportedErrors, data }), updated on every new event. */
export function useAppKitEvents() {
  const kit = requireKit('useAppKitEvents')
  const current = () => {
    const event = kit.getEvent()
    return { ...event, data: event.data ?? { type: 'track', event: 'MODAL_CREATED' } }
  }
  const event = reactive(current())
  untilUnmounted(kit.subscribeEvents(() => Object.assign(event, current())))
  return event
}

export function useDisconnect() {
  return {
    disconnect: async (args: { id?: string; namespace?: ChainNamespace } = {}) => {
      await currentInstance().peek()?.disconnect(args.namespace)
    },
  }
}

export function useWalletInfo(namespace?: ChainNamespace) {
  requireKit('useAppKit')
  const ns = isNamespace(namespace) ? namespace : undefined
  return fields(follow((kit) => ({ walletInfo: kit && (ns ? accountFor(kit.store, ns) : activeAccount(kit.store)).connectedWalletInfo })), {})
}

/** The namespace's wallet provider (EIP-1193 for EVM), whatever connected it; never wrapped in a Vue proxy. */
export function useAppKitProvider<T = unknown>(namespace: ChainNamespace): { walletProvider: T | undefined; walletProviderType: string | undefined } {
  return fields(follow((kit) => providerOf<T>(kit, namespace)), {})
}

function providerOf<T>(kit: AppKit | undefined, namespace: ChainNamespace) {
  if (!kit || !isNamespace(namespace)) return { walletProvider: undefined, walletProviderType: undefined }
  // Read the account and connectors so the value follows connections; the kit method does the lookup.
  void kit.store.accounts.byNamespace.value[namespace]
  void kit.store.connection.connectors.value
  return { walletProvider: kit.getProvider<T>(namespace), walletProviderType: kit.getProviderType(namespace) as string | undefined }
}

/** AppKit's useAppKitBalance: fetchBalance reads the active account's balance afresh. */
export function useAppKitBalance() {
  return { fetchBalance: () => fetchBalance(currentInstance().peek()) }
}
