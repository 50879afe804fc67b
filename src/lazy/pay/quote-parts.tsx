// The PayQuote view's parts (AppKit's w3m-pay-options, -options-skeleton, -options-empty,
// w3m-pay-fees and -fees-skeleton): the payment options, their loading and empty states, and the
// quote's amount and fees.
import type { Network } from '../../types'
import { t, WalletImage } from '../../ui/base'
import { formatUnits } from '../../utils/units'
import type { PaymentAssetWithAmount, Quote, QuoteAmount } from '../../utils/pay-types'

/** AppKit's formatAmount: under 0.001 shown as such, else four decimals at most. */
export function formatAmount(value: string | number): string {
  const n = Number(value)
  return n > 0 && n < 0.001 ? '<0.001' : String(Number(n.toFixed(4)))
}
export const sixDecimals = (value: string) => String(Number(Number(value).toFixed(6)))
export const decimalOf = (a: QuoteAmount) => formatUnits(BigInt(a.amount), a.currency.metadata.decimals)
const key = (o: { network: string; asset: string }) => `${o.network}:${o.asset}`.toLowerCase()

export function PaymentOptions({ options, selected, busy, networks, onSelect }: { options: PaymentAssetWithAmount[]; selected: PaymentAssetWithAmount | null; busy: boolean; networks: readonly Network[]; onSelect: (o: PaymentAssetWithAmount) => void }) {
  return (
    <ul class="list options" aria-labelledby="pay-options-label" data-testid="pay-options">
      {options.map((o) => {
        const network = networks.find((n) => n.caipNetworkId === o.network)?.name ?? o.network
        const isSelected = !!selected && key(selected) === key(o)
        return (
          <li key={key(o)}>
            <button type="button" class="item option" aria-pressed={isSelected ? 'true' : 'false'} aria-disabled={busy ? 'true' : undefined} onClick={() => !busy && onSelect(o)}>
              <WalletImage src={o.metadata.logoURI} name={o.metadata.symbol} size={32} />
              <span class="name">
                <span>{t('{symbol} on {network}', { symbol: o.metadata.symbol, network })}</span>
                {Number(o.amount) > 0 && <span class="muted">{sixDecimals(o.amount)} {o.metadata.symbol}</span>}
              </span>
              {isSelected && <span aria-hidden="true">✓</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export function OptionsSkeleton() {
  return (
    <div class="list" role="status" aria-label={t('Loading payment options')} data-testid="pay-options-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} class="item" aria-hidden="true"><span class="shimmer round" /><span class="shimmer" /></div>
      ))}
    </div>
  )
}

export function OptionsEmpty({ onConnectOther }: { onConnectOther: () => void }) {
  return (
    <div class="center" data-testid="pay-options-empty">
      <p>{t("You don't have enough funds to complete this transaction")}</p>
      <button type="button" class="btn secondary" onClick={onConnectOther}>{t('Connect other wallet')}</button>
    </div>
  )
}

export function FeesSkeleton() {
  const labels = [t('Pay'), t('Network Fee'), t('Service Fee')]
  return (
    <dl class="fees" aria-busy="true" data-testid="pay-fees-skeleton">
      {labels.map((label) => <div key={label}><dt>{label}</dt><dd><span class="shimmer" aria-hidden="true" /></dd></div>)}
    </dl>
  )
}

export function Fees({ quote, networks }: { quote: Quote; networks: readonly Network[] }) {
  return (
    <dl class="fees" data-testid="pay-fees">
      <div><dt>{t('Pay')}</dt><dd>{sixDecimals(decimalOf(quote.origin))} {quote.origin.currency.metadata.symbol}</dd></div>
      {quote.fees.map((fee) => (
        <div key={fee.id}>
          <dt>{fee.id === 'network' ? t('Network Fee') : fee.id === 'service' ? t('Service Fee') : fee.label}</dt>
          <dd>
            {sixDecimals(decimalOf(fee))} {fee.currency.metadata.symbol}
            {fee.id === 'network' && <span class="muted"> · {networks.find((n) => n.caipNetworkId === fee.currency.network)?.name ?? fee.currency.network}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
