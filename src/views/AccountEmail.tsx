// The embedded wallet's rows in the Account view, as AppKit's: the upgrade card (any embedded
// login) and the account auth button (while an e-mail login is the connection, a row with the
// address that opens UpdateEmailWallet).
import type { Store } from '../signals/store'
import { activeAccount } from '../signals/account'
import { pushView } from '../signals/modal'
import { emitEvent } from '../signals/events'
import { t } from '../ui/base'

export function AccountEmail({ store }: { store: Store }) {
  const account = activeAccount(store)
  if (account.connectorId !== 'AUTH') return null
  const email = !account.socialProvider ? account.user?.email : undefined
  // AppKit hides the card on the secure site itself (its dashboard embeds the modal).
  const onSecureSite = (() => {
    try { return new URL(store.options.secureSiteUrl).origin === location.origin } catch { return false }
  })()
  const upgrade = () => {
    emitEvent(store, 'EMAIL_UPGRADE_FROM_MODAL')
    pushView(store, 'UpgradeEmailWallet')
  }
  return (
    <>
      {!onSecureSite && (
        <button type="button" class="item" data-testid="w3m-wallet-upgrade-card" onClick={upgrade}>
          <span class="name">{t('Upgrade your wallet')}<span class="sub">{t('Transition to a self-custodial wallet')}</span></span>
        </button>
      )}
      {email && (
        <button type="button" class="item" data-testid="w3m-account-email-update" aria-label={t('Edit email {email}', { email })}
          onClick={() => pushView(store, 'UpdateEmailWallet', { email, redirectView: 'Account' })}>
          <span class="name">{email}</span>
        </button>
      )}
    </>
  )
}
