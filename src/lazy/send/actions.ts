import type { Store } from '../../signals/store'
import type { Network } from '../../types'
import { accountFor } from '../../signals/account'
import { rpcUrlsFor } from '../../signals/adapters'
import { refreshTokenBalances } from '../../signals/balances'
import { emitEvent } from '../../signals/events'
import { currentRoute, replaceView } from '../../signals/modal'
import {
  emitSendFailure,
  isNative,
  parseUnits,
  patchSend,
  popTransactionStack,
  pushTransactionStack,
  resetSend,
  sendEventProperties,
  sendProblem,
  sendStateFor,
  toSendValue,
  tokenDecimals,
  type SendFee,
} from '../../signals/send'
import { showToast } from '../../signals/toast'
import { driverFor, refreshBalance } from '../../signals/wallet'
import { errorMessage, isUserRejected, PosternError } from '../../utils/errors'
import type { ChainSend } from './chain'

/** The transaction's page on the network's explorer (EVM and Solana explorers both use /tx/). */
export function explorerTxUrl(network: Network, hash: string): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined
}

function context(store: Store) {
  const namespace = store.network.activeNamespace.peek()
  const network = store.network.activeNetwork.peek()
  return { namespace, network, account: accountFor(store, namespace), rpcUrls: rpcUrlsFor(store, network) }
}

/** The fee of the form's transfer, into the send state; a failure leaves the fee unknown. */
export async function estimateSendFee(store: Store, chain: ChainSend): Promise<SendFee | undefined> {
  const { form } = sendStateFor(store)
  const { token, receiverAddress, sendTokenAmount } = form.peek()
  const { network, account, rpcUrls } = context(store)
  // SPEC section 5: chain calls only on a supported network.
  if (!token || !account.address || store.network.unsupported.peek()) return undefined
  try {
    const amount = parseUnits(toSendValue(sendTokenAmount), tokenDecimals(token))
    const fee = await chain.estimateFee({ network, rpcUrls, from: account.address, to: receiverAddress?.trim() ?? '', token, amount })
    // Only if the form still asks about the same token.
    if (form.peek().token === token) patchSend(store, { fee, feeUnavailable: false })
    return fee
  } catch {
    if (form.peek().token === token) patchSend(store, { fee: undefined, feeUnavailable: true })
    return undefined
  }
}

/** The check before the preview: the spec's message, or undefined when the form can go on. */
export function checkSend(store: Store, chain: ChainSend | undefined): string | undefined {
  const namespace = store.network.activeNamespace.peek()
  return sendProblem(sendStateFor(store).form.peek(), {
    namespace,
    unsupported: store.network.unsupported.peek() || !chain,
    isAddress: (a) => !!chain?.isAddress(a),
  })
}

/**
 * SPEC section 4, send: loading on, the chain's path, loading off. Success resets the form,
 * refreshes the balances and leaves for Account; a failure keeps the form and says why.
 */
export async function sendToken(store: Store, chain: ChainSend | undefined): Promise<string | undefined> {
  const form = sendStateFor(store).form.peek()
  if (form.loading) return undefined
  const problem = checkSend(store, chain)
  if (problem || !chain || !form.token) {
    patchSend(store, { error: problem, step: 'form' })
    return undefined
  }
  const { namespace, network, account, rpcUrls } = context(store)
  const token = form.token
  const native = isNative(token)
  patchSend(store, { loading: true, error: undefined })
  // AppKit names an ERC-20 by its address when a send starts, by its symbol everywhere else.
  emitEvent(store, 'SEND_INITIATED', sendEventProperties(store, form, { token: native || namespace !== 'eip155' ? token.symbol : token.address }))
  // SPEC section 2: a native EVM send stays where it is; other transfers return to Account.
  pushTransactionStack(store, native && namespace === 'eip155' ? { goBack: false } : { view: 'Account', goBack: false })
  try {
    const provider = driverFor(store, namespace, account.connectorId).getProvider?.(account.connectorId!, namespace)
    if (!provider || !account.address) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const amount = parseUnits(toSendValue(form.sendTokenAmount), tokenDecimals(token))
    const hash = await chain.send({ network, rpcUrls, from: account.address, to: form.receiverAddress!.trim(), token, amount, provider })
    patchSend(store, { hash })
    emitEvent(store, 'SEND_SUCCESS', sendEventProperties(store, form, { hash }))
    const onSend = currentRoute(store).view === 'WalletSend'
    popTransactionStack(store, 'success')
    resetSend(store)
    const link = explorerTxUrl(network, hash)
    showToast(store, 'success', 'Transaction sent', link ? { href: link, label: 'View on explorer' } : undefined)
    if (onSend && currentRoute(store).view === 'WalletSend') replaceView(store, 'Account')
    void refreshTokenBalances(store, namespace, { force: true })
    void refreshBalance(store, namespace, { force: true })
    return hash
  } catch (error) {
    const rejected = isUserRejected(error)
    popTransactionStack(store, rejected ? 'cancel' : 'error')
    emitSendFailure(store, form, error, rejected)
    const message = rejected ? 'Transaction rejected in the wallet' : errorMessage(error, 'Failed to send transaction')
    // The form is kept as it was, back at its first step, with the reason beside it.
    patchSend(store, { loading: false, step: 'form', error: message })
    showToast(store, 'error', message)
    return undefined
  }
}
