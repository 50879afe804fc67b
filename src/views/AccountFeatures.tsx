import { useEffect } from 'preact/hooks'
import type { Store } from '../signals/store'
import type { ViewName } from '../signals/modal'
import { pushView } from '../signals/modal'
import { emitEvent } from '../signals/events'
import { activeAccount } from '../signals/account'
import { SWAP_CHAIN_IDS } from '../signals/swap-chains'
import { t } from '../ui/base'
import { whenIdle } from '../utils/idle'

/** The wallet features this build has, with the views they open and the namespaces they serve (SPEC section 9). */
const FEATURES: Record<string, { label: () => string; view: ViewName; namespaces: string[]; event?: string; chainIds?: number[] }> = {
  onramp: { label: () => t('Buy'), view: 'OnRampProviders', namespaces: ['eip155', 'solana'], event: 'SELECT_BUY_CRYPTO' },
  swaps: { label: () => t('Swap'), view: 'Swap', namespaces: ['eip155'], event: 'OPEN_SWAP', chainIds: SWAP_CHAIN_IDS },
  receive: { label: () => t('Receive'), view: 'WalletReceive', namespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'] },
  send: { label: () => t('Send'), view: 'WalletSend', namespaces: ['eip155', 'solana', 'bip122'], event: 'OPEN_SEND' },
}

/** The Account view's wallet feature buttons, in walletFeaturesOrder, each honouring its features switch. */
export function AccountFeatures({ store }: { store: Store }) {
  const { features } = store.options
  const namespace = store.network.activeNamespace.value
  const chainId = Number(store.network.activeNetwork.value.id)
  const order = (features.walletFeaturesOrder ?? ['onramp', 'swaps', 'receive', 'send']) as string[]
  const shown = order.filter((name) => FEATURES[name] && (features as Record<string, unknown>)[name] !== false && FEATURES[name]!.namespaces.includes(namespace) && (!FEATURES[name]!.chainIds || FEATURES[name]!.chainIds!.includes(chainId)))
  useEffect(() => prefetchWhenIdle(shown), [shown.join()])
  if (!shown.length) return null
  return (
    <div class="features" role="group" aria-label={t('Wallet features')}>
      {shown.map((name) => {
        const feature = FEATURES[name]!
        const open = () => {
          const isSmartAccount = activeAccount(store).preferredAccountType === 'smartAccount'
          if (feature.event) emitEvent(store, feature.event, { isSmartAccount, network: store.network.activeCaipNetworkId.peek() })
          pushView(store, feature.view)
        }
        return <button key={name} type="button" class="btn secondary" onClick={open} data-testid={`feature-${name}`}>{feature.label()}</button>
      })}
    </div>
  )
}

/** The features' chunks, fetched while the visitor reads the Account view, so a click opens at once. */
function prefetchWhenIdle(features: string[]): () => void {
  return whenIdle(() => {
    if (features.includes('receive')) void import('../lazy/receive/index').catch(() => undefined)
    if (features.includes('send')) void import('../lazy/send/index').catch(() => undefined)
    if (features.includes('swaps')) void import('../lazy/swap/index').catch(() => undefined)
    if (features.includes('onramp')) void import('../lazy/onramp/index').catch(() => undefined)
  })
}
