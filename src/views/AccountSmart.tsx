// Loads the embedded wallet's account-type switch (lazy/embedded) into the Account view while the
// embedded wallet is the connection.
import { useEffect, useState } from 'preact/hooks'
import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'
import { activeAccount } from '../signals/account'

type SwitchView = FunctionComponent<{ store: Store }>

export function AccountSmart({ store }: { store: Store }) {
  const [View, setView] = useState<SwitchView>()
  const embedded = activeAccount(store).connectorId === 'AUTH'
  useEffect(() => {
    if (embedded) import('../lazy/embedded/smart-settings').then((m) => setView(() => m.SmartAccountSwitch), () => {})
  }, [embedded])
  return View && embedded ? <View store={store} /> : null
}
