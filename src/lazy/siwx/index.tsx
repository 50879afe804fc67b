// The SIWXSignMessage view (AppKit's w3m-siwx-sign-message-view), in its own chunk.
import { useState } from 'preact/hooks'
import { t } from '../../ui/base'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { cancelSignMessage, requestSignMessage, siwxOf } from '../../signals/siwx'

export function SIWXSignMessage({ store }: { store: Store; route: Route }) {
  const [signing, setSigning] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const name = (store.options.metadata as { name?: string } | undefined)?.name
  const required = siwxOf(store)?.getRequired?.() ?? true
  const sign = async () => {
    setSigning(true)
    await requestSignMessage(store).finally(() => setSigning(false))
  }
  const cancel = async () => {
    setCancelling(true)
    await cancelSignMessage(store).finally(() => setCancelling(false))
  }
  return (
    <div class="center" data-testid="siwx-sign-message">
      <p><strong>{t('{name} needs to connect to your wallet', { name: name ?? 'Dapp' })}</strong></p>
      <p class="muted">
        {t('Sign this message to prove you own this wallet and proceed.')}{required ? ` ${t('Canceling will disconnect you.')}` : ''}
      </p>
      <div style="display:flex;gap:8px;width:100%">
        <button type="button" class="btn secondary wide" data-testid="w3m-connecting-siwe-cancel" disabled={cancelling || signing} onClick={cancel}>
          {cancelling ? t('Cancelling…') : t('Cancel')}
        </button>
        <button type="button" class="btn wide" data-testid="w3m-connecting-siwe-sign" disabled={signing || cancelling} aria-busy={signing} onClick={sign}>
          {signing ? t('Signing…') : t('Sign')}
        </button>
      </div>
    </div>
  )
}
