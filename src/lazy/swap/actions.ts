import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { refreshTokenBalances } from '../../signals/balances'
import { currentRoute, replaceView } from '../../signals/modal'
import { buildApproveTx, buildSwapTx, emitSwapEvent, fetchSwapQuote, isNativeToken, minimumReceived, patchSwap, QUOTE_TTL_MS, SWAP_ERRORS, swapStateFor, toBaseUnits } from '../../signals/swap'
import { showToast } from '../../signals/toast'
import { refreshBalance } from '../../signals/wallet'
import { errorMessage, isUserRejected } from '../../utils/errors'
import { sendWalletTransaction } from './tx'

const fail = (store: Store, error: unknown, fallback: string) => {
  const message = isUserRejected(error) ? SWAP_ERRORS.REJECTED : errorMessage(error, fallback)
  showToast(store, 'error', message)
  patchSwap(store, { txError: message })
  return message
}

/**
 * AppKit's swap: INITIATE_SWAP; a stale quote is read again first; a token whose allowance is
 * short is approved (SWAP_APPROVAL_ERROR on failure); then the router transaction the API built
 * is signed by the wallet (SWAP_SUCCESS or SWAP_ERROR). Balances are read again afterwards.
 */
export async function runSwap(store: Store): Promise<string | undefined> {
  const s = swapStateFor(store).peek()
  const account = accountFor(store, 'eip155')
  const { sourceToken, toToken } = s
  if (s.loadingApproval || s.loadingTransaction || !sourceToken || !toToken || !account.caipAddress || s.toAmount === undefined) return undefined
  emitSwapEvent(store, 'INITIATE_SWAP')
  if (!s.quoteAt || Date.now() - s.quoteAt > QUOTE_TTL_MS) {
    await fetchSwapQuote(store)
    showToast(store, 'error', `${SWAP_ERRORS.QUOTE_EXPIRED}: review the new quote`)
    return undefined
  }
  const amount = toBaseUnits(s.sourceTokenAmount, sourceToken.decimals)
  const pair = { userAddress: account.caipAddress, from: sourceToken.address, to: toToken.address }
  if (s.needsApproval && !isNativeToken(sourceToken)) {
    patchSwap(store, { loadingApproval: true })
    showToast(store, 'loading', 'Approve limit increase in your wallet')
    try {
      await sendWalletTransaction(store, await buildApproveTx(store, pair))
      patchSwap(store, { loadingApproval: false, needsApproval: false })
    } catch (error) {
      const message = fail(store, error, 'Transaction error')
      patchSwap(store, { loadingApproval: false })
      emitSwapEvent(store, 'SWAP_APPROVAL_ERROR', { message })
      return undefined
    }
  }
  patchSwap(store, { loadingTransaction: true })
  showToast(store, 'loading', 'Confirm transaction in your wallet')
  try {
    const tx = await buildSwapTx(store, { ...pair, amount })
    const least = minimumReceived(s)
    // The pool moved past the slippage since the quote: the person sees the new quote first.
    if (tx.toAmount !== undefined && least !== undefined && tx.toAmount < least) {
      patchSwap(store, { loadingTransaction: false })
      await fetchSwapQuote(store)
      showToast(store, 'error', `${SWAP_ERRORS.QUOTE_EXPIRED}: review the new quote`)
      return undefined
    }
    const hash = await sendWalletTransaction(store, tx)
    emitSwapEvent(store, 'SWAP_SUCCESS')
    showToast(store, 'success', `Swapped ${sourceToken.symbol} to ${Number(s.toTokenAmount).toFixed(3)} ${toToken.symbol}`)
    patchSwap(store, { loadingTransaction: false, sourceTokenAmount: '', toTokenAmount: '', toAmount: undefined, quoteAt: undefined })
    if (currentRoute(store).view === 'Swap') replaceView(store, 'Account')
    void refreshTokenBalances(store, 'eip155', { force: true })
    void refreshBalance(store, 'eip155', { force: true })
    return hash
  } catch (error) {
    const message = fail(store, error, 'Transaction error')
    patchSwap(store, { loadingTransaction: false })
    emitSwapEvent(store, 'SWAP_ERROR', { message })
    return undefined
  }
}
