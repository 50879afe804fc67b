// AppKit's UpgradeEmailWallet: the way from the embedded wallet to a self-custodial one is on the
// secure site's dashboard (its origin holds the key; this page never does), opened in a new tab.
import type { Store } from '../../signals/store'
import { safeUrl } from '../../utils/url'
import { locale, t } from '../../ui/base'

export function UpgradeEmailWallet({ store }: { store: Store }) {
  // https, or http on a loopback host (a local secure site): nothing else is followed.
  // The dashboard speaks the modal's language (?lang=; the secure site's pages follow it).
  const href = safeUrl(`${store.options.secureSiteUrl.replace(/\/$/, '')}/dashboard.html?lang=${encodeURIComponent(locale.lang)}`)
  const label = href ? new URL(href).host + new URL(href).pathname : ''
  return (
    <div class="stack center" data-testid="w3m-upgrade-wallet">
      <p>{t('Follow the instructions on')}</p>
      {href && (
        <a class="btn secondary" href={href} target="_blank" rel="noopener" data-testid="w3m-secure-website-button">
          {label} <span aria-hidden="true">↗</span><span class="sr">{t(', opens in a new tab')}</span>
        </a>
      )}
      <p class="muted">{t('You will have to reconnect for security reasons')}</p>
    </div>
  )
}
