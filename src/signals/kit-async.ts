// AppKit's instance methods that return a promise or act on the modal: their work lives here,
// in the actions chunk, and the instance forwards to it by name (kit/methods.ts LAZY_METHODS).
import type { Store } from './store'
import type { ChainNamespace } from '../types'
import { showToast } from './toast'
import { pushView } from './modal'
import { updateFeatures, updateOptions } from './options-update'
import type { Features } from './options'

export { universalProvider as getUniversalProvider } from './universal-provider'

export const showErrorMessage = (store: Store, message: string) => showToast(store, 'error', message)
export const showSuccessMessage = (store: Store, message: string) => showToast(store, 'success', message)

/** AppKit's handleUnsafeRPCRequest: ApproveTransaction, pushed over an open modal's flow (not over its first view), else opened. */
export function handleUnsafeRPCRequest(store: Store): void {
  if (!store.modal.open.peek()) void store.ui.open?.({ view: 'ApproveTransaction' })
  else if (store.modal.stack.peek().length > 1) pushView(store, 'ApproveTransaction')
}

// The connection runtime holds the adapters' balance reads and the identity lookup.
export const syncIdentity = (store: Store, args: { address: string; chainId: number | string; chainNamespace: ChainNamespace }) =>
  import('./runtime').then((m) => m.syncIdentity(store, args))
export const updateNativeBalance = (store: Store, address: string, chainId: string | number, namespace: ChainNamespace) =>
  import('./runtime').then((m) => m.updateNativeBalance(store, address, chainId, namespace))

// AppKit's option setters: what they change only the modal reads.
type F = Partial<Features>
export const setConnectMethodsOrder = (store: Store, connectMethodsOrder: F['connectMethodsOrder']) => updateFeatures(store, { connectMethodsOrder })
export const setWalletFeaturesOrder = (store: Store, walletFeaturesOrder: F['walletFeaturesOrder']) => updateFeatures(store, { walletFeaturesOrder })
export const setCollapseWallets = (store: Store, collapseWallets: boolean) => updateFeatures(store, { collapseWallets })
export const setSocialsOrder = (store: Store, socials: F['socials']) => updateFeatures(store, { socials })
export const setTermsConditionsUrl = (store: Store, termsConditionsUrl: string) => updateOptions(store, { termsConditionsUrl })
export const setPrivacyPolicyUrl = (store: Store, privacyPolicyUrl: string) => updateOptions(store, { privacyPolicyUrl })
