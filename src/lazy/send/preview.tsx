import { useEffect, useRef } from 'preact/hooks'
import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { patchSend, sendStateFor, toSendValue } from '../../signals/send'
import { truncateAddress } from '../../utils/address'
import { sendToken } from './actions'
import type { ChainSend } from './chain'
import { feeText, usd } from './form'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

/** Step two: what will be sent, to whom, on which network and for what fee; then the wallet. */
export function SendPreviewStep({ store, chain }: { store: Store; chain?: ChainSend }) {
  const form = sendStateFor(store).form.value
  const network = store.network.activeNetwork.value
  const balances = accountFor(store, store.network.activeNamespace.value).tokenBalance ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  const amount = toSendValue(form.sendTokenAmount)
  const price = form.token?.price
  const receiver = form.receiverAddress?.trim() ?? ''
  const send = () => {
    if (!form.loading) void sendToken(store, chain)
  }
  return (
    <section class="send" aria-labelledby="send-review" aria-busy={form.loading}>
      <h3 id="send-review" tabIndex={-1} ref={heading}>{t('Review send')}</h3>
      <dl>
        <dt>{t('Send')}</dt>
        <dd class="big" data-testid="send-preview-amount">{amount} {form.token?.symbol}</dd>
        {price ? <><dt>{t('Value')}</dt><dd>{usd(amount, price)}</dd></> : null}
        <dt>{t('To')}</dt>
        <dd title={receiver} data-testid="send-preview-to">{truncateAddress(receiver, 6, 6)}</dd>
        <dt>{t('Network')}</dt>
        <dd>{network.name}</dd>
        <dt>{t('Network fee')}</dt>
        <dd data-testid="send-preview-fee">{feeText(form.fee, balances, form.feeUnavailable)}</dd>
      </dl>
      <p class="muted">{t('Review transaction carefully')}</p>
      <p class="error" role="alert" data-testid="send-error">{said(form.error ?? '')}</p>
      <div class="row">
        <button type="button" class="btn secondary" aria-disabled={form.loading}
          onClick={() => !form.loading && patchSend(store, { step: 'form', error: undefined })}>{t('Cancel')}</button>
        <button type="button" class="btn primary" data-testid="send-confirm" aria-disabled={form.loading} onClick={send}>
          {form.loading ? <><span class="spinner spin" aria-hidden="true" />{t('Sending…')}</> : t('Send')}
        </button>
      </div>
    </section>
  )
}
