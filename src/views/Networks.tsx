import { useState } from 'preact/hooks'
import type { ViewProps } from './view-props'
import type { Network } from '../types'
import { accountFor } from '../signals/account'
import { goBack, replaceView } from '../signals/modal'
import { switchNetwork } from '../signals/wallet'
import { showToast } from '../signals/toast'
import { errorMessage, isUserRejected } from '../utils/errors'
import { ListItem } from '../ui/ListItem'
import { t } from '../ui/base'

/**
 * Every configured network; choosing one switches through the connected wallet. A network of
 * another namespace makes that namespace active (its account, if connected, becomes the active
 * address); when it has no connection yet but another namespace does, Connect lists its wallets.
 */
export function Networks({ store }: ViewProps) {
  const active = store.network.activeCaipNetworkId.value
  const [pending, setPending] = useState<string>()

  const choose = async (network: Network) => {
    if (pending) return
    setPending(network.caipNetworkId)
    try {
      await switchNetwork(store, network)
      const namespace = network.chainNamespace
      if (!accountFor(store, namespace).address && store.connection.connections.peek().size) replaceView(store, 'Connect', { namespace })
      else goBack(store)
    } catch (error) {
      showToast(store, 'error', isUserRejected(error) ? t('Switch declined') : t(errorMessage(error, 'Chain is not supported')))
    } finally {
      setPending(undefined)
    }
  }

  return (
    <ul class="list" aria-label={t('Networks')}>
      {store.network.networks.value.map((network) => (
        <ListItem
          key={network.caipNetworkId}
          name={network.name}
          imageUrl={network.assets?.imageUrl}
          current={network.caipNetworkId === active}
          tag={pending === network.caipNetworkId ? { label: t('SWITCHING…') } : network.caipNetworkId === active ? { label: t('ACTIVE'), tone: 'ok' } : undefined}
          onClick={() => choose(network)}
        />
      ))}
    </ul>
  )
}
