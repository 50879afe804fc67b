import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { activeAccount } from '../../signals/account'
import { showToast } from '../../signals/toast'
import { truncateAddress } from '../../utils/address'
import { safeUrl } from '../../utils/url'
import { WalletImage } from '../../ui/WalletImage'
import { useStyles } from '../../ui/sheet'
import { QrCode } from '../qr/index'
import { RECEIVE_CSS } from './styles'
import { t } from '../../ui/base'


/**
 * The connected address as text and as a QR code, a copy button that says when it worked, and
 * the networks this address can receive on (the site's networks of the same namespace).
 */
export function WalletReceive({ store }: { store: Store; route: Route }) {
  const account = activeAccount(store)
  const network = store.network.activeNetwork.value
  const styled = useStyles(RECEIVE_CSS)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const address = account.address
  if (!address) return <p class="center muted">{t('No account connected.')}</p>
  const networks = store.network.networks.value.filter((n) => n.chainNamespace === network.chainNamespace)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      showToast(store, 'success', t('Address copied'))
    } catch {
      showToast(store, 'error', t('Failed to copy'))
    }
  }

  return (
    <div class="receive" ref={styled}>
      <QrCode uri={address} label={t('QR code for the address {address}', { address })} imageUrl={safeUrl(network.assets?.imageUrl)} fallbackText={network.nativeCurrency.symbol.slice(0, 1)} size={232} />
      <p class="addr" data-testid="receive-address">{address}</p>
      <button type="button" class="btn wide" onClick={copy} aria-live="polite">
        {copied ? t('Copied') : t('Copy address {address}', { address: truncateAddress(address) })}
      </button>
      <p class="muted">{networks.length === 1 ? t('Only send assets on this network to this address:') : t('Only send assets on these networks to this address:')}</p>
      <ul class="nets" aria-label={t('Networks this address receives on')}>
        {networks.map((n) => (
          <li key={n.caipNetworkId}>
            <WalletImage src={n.assets?.imageUrl} name={n.name} size={24} />
            {n.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
