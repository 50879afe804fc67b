import { useState } from 'preact/hooks'
import { useStyles } from '../../ui/sheet'
import { SWAP_CSS } from './styles'
import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { holdingOf, selectToken, SUGGESTED, swapStateFor, type SwapToken } from '../../signals/swap'
import { t } from '../../ui/base'

/**
 * The token picker of one side: a search over name, symbol and address, the suggested tokens
 * as chips, then the person's tokens (held, largest value first) and the popular rest.
 */
export function SelectToken({ store, side, done }: { store: Store; side: 'sourceToken' | 'toToken'; done: () => void }) {
  const styled = useStyles(SWAP_CSS)
  const s = swapStateFor(store).value
  const balances = accountFor(store, 'eip155').tokenBalance
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const matches = s.tokens.filter((t) => !q || t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.address.toLowerCase().includes(q))
  const held = matches.filter((t) => Number(holdingOf(balances, t)?.quantity.numeric ?? 0) > 0)
    .sort((a, b) => (holdingOf(balances, b)?.value ?? 0) - (holdingOf(balances, a)?.value ?? 0))
  const rest = matches.filter((t) => !held.includes(t))
  const suggested = s.tokens.filter((t) => SUGGESTED.includes(t.symbol.toUpperCase()))
  const pick = (t: SwapToken) => {
    selectToken(store, side, t)
    done()
  }
  const item = (t: SwapToken) => (
    <li key={t.address}>
      <button type="button" class="btn secondary" onClick={() => pick(t)} data-testid={`swap-token-${t.symbol}`}>
        <span>{t.symbol} <span class="hint">{t.name}</span></span>
        <span class="hint">{holdingOf(balances, t)?.quantity.numeric ?? ''}</span>
      </button>
    </li>
  )
  return (
    <div class="swap" ref={styled}>
      <input class="search" type="search" placeholder={t('Search token')} aria-label={t('Search token')} value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
      {!q && suggested.length > 0 && (
        <div class="chips" role="group" aria-label={t('Suggested tokens')}>
          {suggested.map((t) => <button key={t.address} type="button" class="btn secondary tok" onClick={() => pick(t)}>{t.symbol}</button>)}
        </div>
      )}
      {held.length > 0 && <><p class="hint">{t('Your tokens')}</p><ul class="list">{held.map(item)}</ul></>}
      {rest.length > 0 && <><p class="hint">{t('Tokens')}</p><ul class="list">{rest.map(item)}</ul></>}
      {matches.length === 0 && <p class="hint" role="status">{t('No tokens found')}</p>}
      <button type="button" class="btn secondary" onClick={done}>{t('Back to swap')}</button>
    </div>
  )
}
