import { t } from '../../ui/base'
// ApproveTransaction in the modal: only a place under the secure site's own window, which shows the
// request and holds the approve and reject buttons (the site's document never does).
export function ApproveTransaction() {
  return (
    <div class="center" data-testid="w3m-approve-transaction">
      <p class="muted">{t('Review the request in the secure window.')}</p>
    </div>
  )
}
