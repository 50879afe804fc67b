// The embedded wallet's e-mail in the Account view, as AppKit's account auth button: while an
// e-mail login is the connection, a row with the address that opens UpdateEmailWallet.
import type { Store } from '../signals/store'
import { activeAccount } from '../signals/account'
import { pushView } from '../signals/modal'
import { t } from '../ui/base'

export function AccountEmail({ store }: { store: Store }) {
  const account = activeAccount(store)
  const email = account.connectorId === 'AUTH' && !account.socialProvider ? account.user?.email : undefined
  if (!email) return null
  return (
    <button type="button" class="item" data-testid="w3m-account-email-update" aria-label={t('Edit email {email}', { email })}
      onClick={() => pushView(store, 'UpdateEmailWallet', { email, redirectView: 'Account' })}>
      <span class="name">{email}</span>
    </button>
  )
}
