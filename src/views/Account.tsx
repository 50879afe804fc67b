import type { ViewProps } from './view-props'
import { activeAccount } from '../signals/account'
import { closeModal, pushView, resetView } from '../signals/modal'
import { disconnectWallet } from '../signals/wallet'
import { showToast } from '../signals/toast'
import { formatBalance } from '../utils/format'
import { truncateAddress } from '../utils/address'
import { safeUrl } from '../utils/url'
import { WalletImage } from '../ui/WalletImage'
import { useStyles } from '../ui/sheet'
import { AccountFeatures } from './AccountFeatures'
import { AccountTabs } from './AccountTabs'
import { AccountSessions } from './AccountSessions'
import { AccountEmail } from './AccountEmail'
import { AccountSmart } from './AccountSmart'
import { ACCOUNT_CSS } from './account-styles'
import { t } from '../ui/base'
import { decimal } from '../ui/format'

/** The connected account: who, how much, on which network, and the way out. */
export function Account({ store }: ViewProps) {
  const styled = useStyles(ACCOUNT_CSS)
  const account = activeAccount(store)
  const network = store.network.activeNetwork.value
  if (!account.address) return <p class="center muted">{t('No account connected.')}</p>
  const address = account.address
  const explorer = safeUrl(account.addressExplorerUrl)
  const avatar = safeUrl(account.profileImage)
  const balanceText = account.balanceError
    ? decimal(formatBalance(undefined))
    : account.balance === undefined ? '…' : decimal(formatBalance(account.balance))

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      showToast(store, 'success', t('Address copied'))
    } catch {
      showToast(store, 'error', t('Failed to copy'))
    }
  }
  const disconnect = async () => {
    try {
      await disconnectWallet(store)
      resetView(store, 'Connect')
      closeModal(store)
    } catch {
      // the toast already says 'Failed to disconnect'
    }
  }

  return (
    <div class="stack" ref={styled}>
      <div class="center">
        {avatar ? <img class="avatar" src={avatar} alt="" /> : <span class="avatar" aria-hidden="true" />}
        <div>
          <strong data-testid="account-name">{account.profileName ?? truncateAddress(address)}</strong>
          <button type="button" class="icon-btn" aria-label={t('Copy address')} onClick={copy}><CopyIcon /></button>
        </div>
        <p class="balance" data-testid="account-balance" aria-busy={account.balance === undefined && !account.balanceError}>
          {balanceText} {account.balanceSymbol ?? network.nativeCurrency.symbol}
        </p>
        {explorer && (
          <a class="btn secondary" href={explorer} target="_blank" rel="noopener noreferrer">{t('Block Explorer')} ↗</a>
        )}
      </div>
      <AccountFeatures store={store} />
      <AccountTabs store={store} />
      <AccountSessions store={store} />
      <AccountEmail store={store} />
      <AccountSmart store={store} />
      <button type="button" class="item" onClick={() => pushView(store, 'Networks')} data-testid="account-network">
        <WalletImage src={network.assets?.imageUrl} name={network.name} size={32} />
        <span class="name">{network.name}</span>
      </button>
      <button type="button" class="item" onClick={disconnect}>
        <span class="name">{t('Disconnect')}</span>
      </button>
    </div>
  )
}

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true">
      <rect x="5" y="5" width="9" height="9" rx="2" />
      <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
    </svg>
  )
}
