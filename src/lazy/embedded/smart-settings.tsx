// The Account view's account-type row for the embedded wallet (AppKit's smart-account settings):
// which account is in use and "Switch to your EOA" / "Switch to your Smart Account", on networks
// where the frame offers smart accounts. The switch itself runs in the embedded chunk (smart.ts).
import * as v from 'valibot'
import type { Store } from '../../signals/store'
import { activeAccount, setAccountState } from '../../signals/account'
import { emitEvent } from '../../signals/events'
import { readStored } from '../../utils/storage'
import { EMBEDDED_KEYS } from '../../utils/embedded-keys'
import { SmartSessions } from './smart-sessions'
import { t } from '../../ui/base'

export function SmartAccountSwitch({ store }: { store: Store }) {
  const account = activeAccount(store)
  const network = store.network.activeNetwork.value
  const enabled = (readStored(EMBEDDED_KEYS.smartAccountEnabledNetworks, v.string()) ?? '').split(',').includes(String(network.id))
  if (account.connectorId !== 'AUTH' || network.chainNamespace !== 'eip155' || !enabled || !account.address) return null
  // The type of the account in use; the preference differs from it while the frame switches.
  const inUse = account.allAccounts.find((a) => a.address.toLowerCase() === account.address!.toLowerCase())?.type ?? 'eoa'
  const switching = !!account.preferredAccountType && account.preferredAccountType !== inUse
  const target = inUse === 'smartAccount' ? 'eoa' : 'smartAccount'
  const onClick = () => {
    if (switching) return
    setAccountState(store, 'eip155', { preferredAccountType: target })
    emitEvent(store, 'SET_PREFERRED_ACCOUNT_TYPE', { accountType: target, network: network.caipNetworkId })
  }
  const row = (
    <button type="button" class="item" onClick={onClick} aria-busy={switching} data-testid="account-toggle-preferred-account-type">
      <span class="name">
        {inUse === 'smartAccount' ? t('Switch to your EOA') : t('Switch to your Smart Account')}
        <span class="sub" data-testid="account-type">{inUse === 'smartAccount' ? t('Smart Account') : t('EOA')}</span>
      </span>
    </button>
  )
  // features.smartSessions: the smart account's sessions, each revocable.
  if (inUse !== 'smartAccount' || !store.options.features.smartSessions) return row
  return <>{row}<SmartSessions store={store} address={account.address} /></>
}
