import { useEffect } from 'preact/hooks'
import type { Store } from '../signals/store'
import { activeAccount } from '../signals/account'
import { refreshTokenBalances, TOKEN_BALANCE_UNAVAILABLE } from '../signals/balances'
import { formatBalance } from '../utils/format'
import { WalletImage } from '../ui/WalletImage'
import { Spinner } from '../ui/Spinner'
import { t } from '../ui/base'
import { decimal } from '../ui/format'

const usd = (value: number | undefined) => `$${decimal(formatBalance(value ?? 0, 2))}`

/**
 * The active account's holdings on its network: native truncated to 3 decimals, tokens shown
 * with 2 (SPEC section 5), each with its value in USD. Read when the account or network changes.
 */
export function AccountTokens({ store }: { store: Store }) {
  const account = activeAccount(store)
  const network = store.network.activeNetwork.value
  useEffect(() => {
    void refreshTokenBalances(store)
  }, [account.caipAddress, network.caipNetworkId])

  const balances = account.tokenBalance
  if (account.tokenBalanceError) return <p class="center muted" role="status" data-testid="token-balance-error">{t(TOKEN_BALANCE_UNAVAILABLE)}</p>
  if (!balances) return <div class="center" aria-busy="true"><Spinner label={t('Loading balances')} /></div>
  if (!balances.length) return <p class="center muted" role="status">{t('No tokens on {network} yet.', { network: network.name })}</p>
  return (
    <ul class="list" aria-label={t('Tokens on {network}', { network: network.name })} data-testid="token-list">
      {balances.map((b) => {
        const native = !b.address
        return (
          <li key={`${b.chainId}:${b.address ?? 'native'}`} class="item static" data-testid="token-row" data-symbol={b.symbol}>
            <WalletImage src={b.iconUrl} name={b.symbol} size={32} />
            <span class="name">
              {b.name}
              <span class="sub">{decimal(formatBalance(b.quantity.numeric, native ? 3 : 2))} {b.symbol}</span>
            </span>
            <span class="usd">{usd(b.value)}</span>
          </li>
        )
      })}
    </ul>
  )
}
