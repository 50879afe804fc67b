// Loads the Sessions list (lazy/siwx) into the Account view when the site uses sign-in.
import { useEffect, useState } from 'preact/hooks'
import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'

type SessionsView = FunctionComponent<{ store: Store }>

export function AccountSessions({ store }: { store: Store }) {
  const [View, setView] = useState<SessionsView>()
  const enabled = !!(store.options.siwx || store.options.siweConfig)
  useEffect(() => {
    if (enabled) import('../lazy/siwx/sessions').then((m) => setView(() => m.Sessions), () => {})
  }, [enabled])
  return View ? <View store={store} /> : null
}
