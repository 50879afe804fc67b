// Paying with the connected wallet: on the asset's network (switched to when needed), a native or
// token transfer to the recipient through the send view's chain module, confirmed on chain.
import type { ChainNamespace } from '../../types'
import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { rpcUrlsFor } from '../../signals/adapters'
import { refreshTokenBalances } from '../../signals/balances'
import { pushView } from '../../signals/modal'
import { findNetwork } from '../../signals/network'
import { parseUnits, type SendToken } from '../../signals/send'
import { showToast } from '../../signals/toast'
import { driverFor, refreshBalance, switchNetwork } from '../../signals/wallet'
import { isUserRejected } from '../../utils/errors'
import { AppKitPayError, AppKitPayErrorCodes, failure } from '../../utils/pay-errors'
import type { PayViewController } from '../../utils/pay-types'
import { formatUnits } from '../../utils/units'
import { loadChain } from '../send/load'

/** A number as a plain decimal string (no exponent), for parseUnits. */
const decimalString = (n: number) => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

function fail(message: string, code: keyof typeof AppKitPayErrorCodes = 'GENERIC_PAYMENT_ERROR'): never {
  throw new AppKitPayError(code, message)
}

/** The controller comes from the caller: this chunk holds no copy of its state. */
export async function payWithWallet(store: Store, pay: PayViewController): Promise<void> {
  const patchPay = pay.patchState
  const s = pay.state
  const namespace = s.paymentAsset.network.split(':')[0] as ChainNamespace
  const account = accountFor(store, namespace)
  if (!account.address) return pushView(store, 'Connect', { namespace })
  if (s.isPaymentInProgress) return
  patchPay({ currentPayment: { type: 'wallet', status: 'IN_PROGRESS' }, error: null, errorDetail: undefined })
  patchPay({ isPaymentInProgress: true, paymentId: crypto.randomUUID() })
  pushView(store, 'PayLoading', { pay, view: pay.loadingView })
  try {
    const network = findNetwork(store.network.networks.peek(), s.paymentAsset.network)
    if (!network) fail(`${s.paymentAsset.network} is not one of the modal's networks`, 'INVALID_PAYMENT_CONFIG')
    const chain = await loadChain(namespace)
    if (!chain) fail(`Paying from a wallet is not available on ${namespace}`, 'INVALID_CHAIN_NAMESPACE')
    if (!chain.isAddress(s.recipient)) fail(`Provide valid recipient address for namespace "${namespace}"`, 'INVALID_RECIPIENT_ADDRESS_FOR_ASSET')
    if (store.network.activeCaipNetworkId.peek() !== network.caipNetworkId) {
      await switchNetwork(store, network).catch((error: unknown) => {
        fail(isUserRejected(error) ? `Switching to ${network.name} was rejected in the wallet` : `Switch your wallet to ${network.name} to pay`)
      })
    }
    const native = s.paymentAsset.asset === 'native'
    const { decimals, symbol, name } = s.paymentAsset.metadata
    const amount = parseUnits(decimalString(s.amount), decimals)
    const rpcUrls = rpcUrlsFor(store, network)
    if (namespace === 'eip155') {
      const { evmBalance } = await import('./evm-balance')
      const held = await evmBalance(network, rpcUrls, account.address, native ? undefined : s.paymentAsset.asset).catch(() => undefined)
      if (held !== undefined && held < amount) fail(`Insufficient ${symbol} balance: ${formatUnits(held, decimals)} ${symbol} held, ${decimalString(s.amount)} ${symbol} to pay`)
    }
    const token: SendToken = {
      name, symbol, chainId: network.caipNetworkId,
      address: native ? undefined : `${network.caipNetworkId}:${s.paymentAsset.asset}`,
      quantity: { decimals: String(decimals), numeric: '0' },
    }
    const connected = accountFor(store, namespace)
    const provider = driverFor(store, namespace, connected.connectorId).getProvider?.(connected.connectorId!, namespace)
    if (!provider) fail('The wallet is no longer connected')
    const hash = await chain.send({ network, rpcUrls, from: connected.address!, to: s.recipient, token, amount, provider })
    patchPay({ currentPayment: { type: 'wallet', status: 'SUCCESS', result: hash } })
    void refreshTokenBalances(store, namespace, { force: true })
    void refreshBalance(store, namespace, { force: true })
  } catch (error) {
    const state = failure(error)
    if (isUserRejected(error)) state.errorDetail = 'The payment was rejected in the wallet'
    patchPay({ ...state, currentPayment: { type: 'wallet', status: 'FAILED' } })
    showToast(store, 'error', state.errorDetail ?? state.error)
  } finally {
    patchPay({ isPaymentInProgress: false })
  }
}
