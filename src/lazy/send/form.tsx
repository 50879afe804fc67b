import { useEffect, useRef } from 'preact/hooks'
import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { refreshTokenBalances, TOKEN_BALANCE_UNAVAILABLE } from '../../signals/balances'
import { decimalProduct, formatUnits } from '../../utils/units'
import { resolveReceiverName } from '../../signals/names'
import {
  isNative,
  maxSendAmount,
  patchSend,
  sendButtonMessage,
  sendStateFor,
  SEND_BUTTON,
  SEND_ERRORS,
  toSendValue,
  type SendFee,
  type SendForm,
  type SendToken,
} from '../../signals/send'
import { formatBalance } from '../../utils/format'
import { checkSend, estimateSendFee } from './actions'
import type { ChainSend } from './chain'
import { t } from '../../ui/base'
import { said } from '../../ui/said'
import { decimal } from '../../ui/format'

/** The receiver field's hint per namespace (EVM's 0x… otherwise). */
const PLACEHOLDERS: Partial<Record<string, string>> = { solana: 'Solana address', bip122: 'Bitcoin address' }

const tokenKey = (token: SendToken) => token.address ?? `native:${token.symbol}`
/** The value in USD of an amount at a price, exact and cut to cents (never a binary float's 19.98…). */
export const usd = (amount: string, price: number) => `$${formatBalance(decimalProduct(amount, price), 2)}`

/** The fee in the native token (6 decimals, truncated) and in USD when the native price is known. */
export function feeText(fee: SendFee | undefined, balances: readonly SendToken[], unavailable?: boolean): string {
  if (!fee) return unavailable ? 'Unavailable' : 'Estimating…'
  const amount = formatUnits(fee.amount, fee.decimals)
  const price = balances.find(isNative)?.price
  return `≈ ${formatBalance(amount, 6)} ${fee.symbol}${price ? ` (${usd(amount, price)})` : ''}`
}

/** Which field a problem belongs to, so focus can go there. */
function fieldOf(problem: string): string {
  if (problem === SEND_ERRORS.TOKEN) return 'send-token'
  if (problem === SEND_BUTTON.INVALID_ADDRESS) return 'send-to'
  if (problem === SEND_ERRORS.AMOUNT_AND_RECEIVER) return 'send-amount'
  return problem === SEND_ERRORS.CHAIN ? 'send-submit' : 'send-amount'
}

/** Step one: token, amount (with Max), receiver and the fee; the button says what is missing. */
export function SendFormStep({ store, chain, returned, chainLoading }: { store: Store; chain?: ChainSend; returned: boolean; chainLoading?: boolean }) {
  const form: SendForm = sendStateFor(store).form.value
  const account = accountFor(store, store.network.activeNamespace.value)
  const balances = account.tokenBalance ?? []
  const root = useRef<HTMLFormElement>(null)
  // Until the chain's module arrives, an address is not judged (the submit waits for it).
  const isAddress = (a: string) => !!chainLoading || !!chain?.isAddress(a)
  const message = sendButtonMessage(form, isAddress)
  const token = form.token
  const errorField = form.error ? fieldOf(form.error) : undefined

  useEffect(() => {
    // Back from the preview (Cancel, or the wallet said no): focus lands where the person left.
    if (returned) root.current?.querySelector<HTMLElement>(form.error ? `#${fieldOf(form.error)}` : '#send-submit')?.focus()
  }, [])

  const choose = (key: string) => {
    patchSend(store, { token: balances.find((b) => tokenKey(b) === key), fee: undefined, feeUnavailable: false, error: undefined })
  }
  const max = () => {
    if (token) patchSend(store, { sendTokenAmount: maxSendAmount(token, form.fee), error: undefined })
  }
  const submit = (event: Event) => {
    event.preventDefault()
    if (chainLoading) return
    if (form.sendTokenAmount) patchSend(store, { sendTokenAmount: toSendValue(form.sendTokenAmount) })
    const problem = checkSend(store, chain)
    if (problem) {
      patchSend(store, { error: problem })
      root.current?.querySelector<HTMLElement>(`#${fieldOf(problem)}`)?.focus()
      return
    }
    patchSend(store, { step: 'preview', error: undefined })
    if (chain) void estimateSendFee(store, chain)
  }

  const loadingBalances = account.tokenBalanceLoading && !balances.length
  return (
    <form ref={root} onSubmit={submit} noValidate aria-label={t('Send')} class="send">
      <div class="field">
        <label for="send-token">{t('Token')}</label>
        {account.tokenBalanceError && !balances.length ? (
          <div class="row">
            <p class="error" role="alert">{t(TOKEN_BALANCE_UNAVAILABLE)}</p>
            <button type="button" class="btn secondary" onClick={() => void refreshTokenBalances(store, undefined, { force: true })}>{t('Retry')}</button>
          </div>
        ) : (
          <select id="send-token" value={token ? tokenKey(token) : ''} disabled={form.readOnly} aria-busy={loadingBalances}
            aria-invalid={errorField === 'send-token'} aria-describedby="send-error" onChange={(e) => choose(e.currentTarget.value)}>
            <option value="">{loadingBalances ? t('Loading balances…') : t('Select token')}</option>
            {balances.map((b) => (
              <option key={tokenKey(b)} value={tokenKey(b)}>
                {b.symbol}: {formatBalance(b.quantity.numeric, isNative(b) ? 3 : 2)}
              </option>
            ))}
          </select>
        )}
      </div>
      <div class="field">
        <label for="send-amount">{t('Amount')}{token ? ` (${token.symbol})` : ''}</label>
        <div class="row">
          <input id="send-amount" type="text" inputMode="decimal" autoComplete="off" placeholder="0" value={form.sendTokenAmount ?? ''}
            readOnly={form.readOnly} aria-invalid={errorField === 'send-amount'} aria-describedby="send-amount-hint send-error"
            onInput={(e) => patchSend(store, { sendTokenAmount: e.currentTarget.value, error: undefined })}
            onBlur={(e) => e.currentTarget.value && patchSend(store, { sendTokenAmount: toSendValue(e.currentTarget.value) })} />
          <button type="button" class="btn secondary max" onClick={max} disabled={!token || form.readOnly}
            aria-label={token ? `Max: the whole ${token.symbol} balance${isNative(token) ? ', less the fee' : ''}` : 'Max'}>{t('Max')}</button>
        </div>
        <p class="hint" id="send-amount-hint">
          <span data-testid="send-value">{token?.price && form.sendTokenAmount ? usd(toSendValue(form.sendTokenAmount), token.price) : ''}</span>
          <span>{token ? t('Balance: {amount}', { amount: `${decimal(formatBalance(token.quantity.numeric, isNative(token) ? 3 : 2))} ${token.symbol}` }) : ''}</span>
        </p>
      </div>
      <div class="field">
        <label for="send-to">{t('Receiver address')}</label>
        <input id="send-to" type="text" autoComplete="off" spellcheck={false} placeholder={PLACEHOLDERS[store.network.activeNamespace.value] ?? '0x…'}
          value={form.receiverAddress ?? ''} readOnly={form.readOnly} aria-invalid={errorField === 'send-to'} aria-describedby="send-error"
          onInput={(e) => (patchSend(store, { receiverAddress: e.currentTarget.value, error: undefined }), void resolveReceiverName(store, e.currentTarget.value))} />
      </div>
      {token && <p class="hint" data-testid="send-fee"><span>{t('Network fee')}</span><span>{feeText(form.fee, balances, form.feeUnavailable)}</span></p>}
      <p id="send-error" class="error" role="alert" data-testid="send-error">{said(form.error ?? '')}</p>
      <button id="send-submit" type="submit" class="btn primary wide" data-testid="send-submit" disabled={chainLoading} aria-busy={chainLoading}
        aria-describedby={message === SEND_BUTTON.PREVIEW_SEND ? undefined : 'send-error'}>{said(message)}</button>
    </form>
  )
}
