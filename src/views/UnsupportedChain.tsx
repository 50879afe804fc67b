import type { ViewProps } from './view-props'
import { pushView } from '../signals/modal'
import { t } from '../ui/base'

/** Shown when the wallet sits on a network the site does not support. */
export function UnsupportedChain({ store }: ViewProps) {
  return (
    <div class="center">
      <p>{t("This app doesn't support your current network. Switch to an available option to continue.")}</p>
      <button type="button" class="btn" onClick={() => pushView(store, 'Networks')}>{t('Choose network')}</button>
    </div>
  )
}
