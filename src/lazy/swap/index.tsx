import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { pushView } from '../../signals/modal'
import { accountFor } from '../../signals/account'
import { refreshTokenBalances } from '../../signals/balances'
import { emitEvent } from '../../signals/events'
import { CONVERT_SLIPPAGE_TOLERANCE, fetchSwapQuote, holdingOf, initSwap, isNativeToken, minimumReceived, patchSwap, priceImpact, swapStateFor, switchTokens, type SwapState } from '../../signals/swap'
import { formatUnits } from '../../utils/units'
import { Spinner } from '../../ui/Spinner'
import { useStyles } from '../../ui/sheet'
import { runSwap } from './actions'
import { SelectToken } from './select'
import { SWAP_CSS } from './styles'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

/** SPEC section 9: input settles 500 ms before it is quoted. */
const DEBOUNCE_MS = 500
/** What the network fee is reckoned on: a two-hop V2 swap, as the API's fixed figure. */
const SWAP_GAS = 300_000n

const fmt = (n: number, digits = 4) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : '')

function buttonLabel(s: SwapState, hasAmount: boolean): { label: string; ready: boolean } {
  if (s.loadingApproval) return { label: t('Approving…'), ready: false }
  if (s.loadingTransaction) return { label: t('Swapping…'), ready: false }
  if (!s.sourceToken || !s.toToken) return { label: t('Select token'), ready: false }
  if (!hasAmount) return { label: t('Enter amount'), ready: false }
  if (s.loadingQuote) return { label: t('Getting quote…'), ready: false }
  if (s.inputError) return { label: said(s.inputError), ready: false }
  if (s.toAmount === undefined) return { label: t('Enter amount'), ready: false }
  return { label: s.needsApproval ? t('Approve and swap {symbol}', { symbol: s.sourceToken.symbol }) : t('Swap'), ready: true }
}

/** The Swap view (AppKit's open({ view: 'Swap', arguments: { fromToken, toToken, amount } })). */
export function Swap({ store, route }: { store: Store; route: Route }) {
  const s = swapStateFor(store).value
  const network = store.network.activeNetwork.value
  const account = accountFor(store, 'eip155')
  const [picking, setPicking] = useState<'sourceToken' | 'toToken'>()
  const styled = useStyles(SWAP_CSS)

  useEffect(() => {
    void initSwap(store, route.data?.['swap'])
    void refreshTokenBalances(store, 'eip155')
  }, [network.caipNetworkId, account.address, route])
  useEffect(() => {
    const timer = setTimeout(() => void fetchSwapQuote(store), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [s.sourceToken, s.toToken, s.sourceTokenAmount, account.tokenBalance])

  if (picking) return <SelectToken store={store} side={picking} done={() => setPicking(undefined)} />
  // Until the first token list arrives the form would offer 'Select token' on both sides.
  if (s.tokensLoading || (!s.tokens.length && !s.error)) return <div class="center"><Spinner label={t('Loading tokens')} /></div>
  if (s.error && !s.tokens.length) return <p class="center error" role="alert" data-testid="swap-error">{said(s.error)}</p>

  const pick = (side: 'sourceToken' | 'toToken') => {
    emitEvent(store, 'CLICK_SELECT_TOKEN_TO_SWAP')
    setPicking(side)
  }
  const held = holdingOf(account.tokenBalance, s.sourceToken)
  const native = s.tokens.find(isNativeToken)
  const fee = s.gasPrice !== undefined ? Number(formatUnits(s.gasPrice * SWAP_GAS, network.nativeCurrency.decimals)) : undefined
  const impact = priceImpact(s)
  const least = minimumReceived(s)
  const { label, ready } = buttonLabel(s, Number(s.sourceTokenAmount) > 0)
  const tokenButton = (side: 'sourceToken' | 'toToken') => (
    <button type="button" class="btn secondary tok" onClick={() => pick(side)} data-testid={`swap-select-${side === 'sourceToken' ? 'from' : 'to'}`}>
      {s[side]?.symbol ?? t('Select token')}
    </button>
  )
  return (
    <div class="swap" ref={styled}>
      <button type="button" class="btn secondary tok" onClick={() => (emitEvent(store, 'CLICK_SELECT_NETWORK_TO_SWAP'), pushView(store, 'Networks'))} data-testid="swap-network">{network.name}</button>
      <div class="box">
        <label for="swap-from">{t('You pay')}</label>
        <div class="row">
          <input id="swap-from" inputMode="decimal" placeholder="0" autoComplete="off" value={s.sourceTokenAmount} data-testid="swap-from-amount"
            onInput={(e) => patchSwap(store, { sourceTokenAmount: (e.target as HTMLInputElement).value.replace(',', '.') })} />
          {tokenButton('sourceToken')}
        </div>
        {held && <p class="hint">{t('Balance')} {fmt(Number(held.quantity.numeric))} {held.symbol}</p>}
      </div>
      <button type="button" class="btn secondary flip" aria-label={t('Switch tokens')} onClick={() => switchTokens(store)}>⇅</button>
      <div class="box">
        <label for="swap-to">{t('You receive')}</label>
        <div class="row">
          <input id="swap-to" readOnly placeholder="0" value={s.toTokenAmount ? fmt(Number(s.toTokenAmount), 6) : ''} data-testid="swap-to-amount" />
          {tokenButton('toToken')}
        </div>
      </div>
      {s.toAmount !== undefined && s.toToken && s.sourceToken && (
        <dl data-testid="swap-details">
          <dt>{t('Price')}</dt><dd>1 {s.sourceToken.symbol} = {fmt(Number(s.toTokenAmount) / Number(s.sourceTokenAmount))} {s.toToken.symbol}</dd>
          {impact !== undefined && <><dt>{t('Price impact')}</dt><dd data-testid="swap-price-impact">{fmt(impact, 2)}%</dd></>}
          {fee !== undefined && <><dt>{t('Network fee')}</dt><dd>{native?.price ? `$${fmt(fee * native.price, 2)}` : `${fmt(fee, 6)} ${network.nativeCurrency.symbol}`}</dd></>}
          <dt>{t('Max. slippage')}</dt><dd>{CONVERT_SLIPPAGE_TOLERANCE}%</dd>
          {least !== undefined && <><dt>{t('Minimum received')}</dt><dd data-testid="swap-min">{fmt(Number(formatUnits(least, s.toToken.decimals)), 6)} {s.toToken.symbol}</dd></>}
        </dl>
      )}
      {(s.txError ?? s.error) && <p class="error" role="alert" data-testid="swap-error">{said((s.txError ?? s.error)!)}</p>}
      <button type="button" class="btn primary wide" disabled={!ready} aria-busy={s.loadingApproval || s.loadingTransaction} onClick={() => void runSwap(store)} data-testid="swap-submit">
        {label}
      </button>
    </div>
  )
}
