import { useEffect, useRef, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { accountFor } from '../../signals/account'
import { refreshTokenBalances } from '../../signals/balances'
import { findNetwork } from '../../signals/network'
import { findArgumentToken, patchSend, sendArgumentsOf, sendStateFor, SEND_ERRORS, SEND_NAMESPACES } from '../../signals/send'
import { showToast } from '../../signals/toast'
import { switchNetwork } from '../../signals/wallet'
import type { ChainNamespace } from '../../types'
import { useStyles } from '../../ui/sheet'
import { estimateSendFee } from './actions'
import type { ChainSend } from './chain'
import { loadChain } from './load'
import { SendFormStep } from './form'
import { SendPreviewStep } from './preview'
import { SEND_CSS } from './styles'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

/** SPEC section 9: input settles for 500 ms before the fee is estimated again. */
const DEBOUNCE_MS = 500

const chains = new Map<string, Promise<ChainSend>>()

/** The chain family's send module, fetched once (viem or @solana/kit come with it). */
function useChain(namespace: string): { chain?: ChainSend; failed: boolean } {
  const [loaded, setLoaded] = useState<{ namespace: string; chain?: ChainSend; failed?: boolean }>()
  useEffect(() => {
    let pending = chains.get(namespace)
    if (!pending) {
      const started = loadChain(namespace)
      if (!started) return
      chains.set(namespace, (pending = started))
      started.catch(() => chains.delete(namespace))
    }
    let live = true
    pending.then((chain) => live && setLoaded({ namespace, chain }), () => live && setLoaded({ namespace, failed: true }))
    return () => {
      live = false
    }
  }, [namespace])
  return loaded?.namespace === namespace ? { chain: loaded.chain, failed: !!loaded.failed } : { failed: false }
}

/** Routes whose arguments were applied: a re-render must not apply them again over the person's edits. */
const applied = new WeakSet<Route>()

/**
 * AppKit's open({ view: 'WalletSend', arguments }): the network switched to if needed, then
 * token, amount and receiver filled in from the balances and fixed.
 */
function useSendArguments(store: Store, route: Route) {
  const namespace = store.network.activeNamespace.value
  const account = accountFor(store, namespace)
  // Bumped when a network switch ends, so the arguments are tried again on the new network.
  const [switched, setSwitched] = useState(0)
  useEffect(() => {
    const args = sendArgumentsOf(route.data)
    if (!args || applied.has(route)) return
    const fail = (message: string) => {
      applied.add(route)
      patchSend(store, { error: message })
      // The toast says a catalogue key through t(); a message with a value filled in is said here.
      showToast(store, 'error', said(message))
    }
    if (!SEND_NAMESPACES.includes(args.namespace as ChainNamespace)) return fail(SEND_ERRORS.CHAIN)
    const network = findNetwork(store.network.networks.peek(), args.chainId, args.namespace as ChainNamespace)
    if (!network) return fail(SEND_ERRORS.networkNotFound(args.chainId))
    if (Number.isNaN(Number(args.amount))) return fail(SEND_ERRORS.INVALID_AMOUNT)
    if (network.caipNetworkId !== store.network.activeCaipNetworkId.peek()) {
      applied.add(route)
      // The switch changes the account's CAIP address, which re-runs this for the new network.
      switchNetwork(store, network).then(() => {
        applied.delete(route)
        setSwitched((n) => n + 1)
      }, () => fail(SEND_ERRORS.networkNotFound(args.chainId)))
      return
    }
    if (!account.tokenBalance || account.tokenBalanceLoading) return
    applied.add(route)
    const token = findArgumentToken(account.tokenBalance, args.assetAddress)
    if (!token) return fail('Token not found')
    patchSend(store, { token, sendTokenAmount: String(Number(args.amount)), receiverAddress: args.to, readOnly: true, fee: undefined, error: undefined })
  }, [route, switched, account.caipAddress, account.tokenBalance, account.tokenBalanceLoading])
}

/** The Send view (SPEC section 2): a form, a preview, then the wallet signs. */
export function WalletSend({ store, route }: { store: Store; route: Route }) {
  const styled = useStyles(SEND_CSS)
  const form = sendStateFor(store).form.value
  const namespace = store.network.activeNamespace.value
  const account = accountFor(store, namespace)
  const { chain, failed } = useChain(namespace)
  const step = useRef(form.step)
  const returned = step.current === 'preview' && form.step === 'form'
  step.current = form.step

  useEffect(() => {
    void refreshTokenBalances(store, namespace)
  }, [namespace, account.caipAddress])
  useSendArguments(store, route)

  // The fee follows the token and the receiver (gas depends on both), settled for 500 ms.
  useEffect(() => {
    if (!chain || !form.token) return
    const timer = setTimeout(() => void estimateSendFee(store, chain), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [chain, form.token, form.receiverAddress])

  if (!account.address) return <p class="center muted">{t('No account connected.')}</p>
  const supported = SEND_NAMESPACES.includes(namespace)
  if (supported && !chain && failed) return <p class="center error" role="alert">{t('This view could not be loaded.')}</p>
  // The form takes input at once; only its submit waits for the chain's module (viem, @solana/kit).
  return (
    <div class="send" ref={styled}>
      {form.step === 'preview' ? <SendPreviewStep store={store} chain={chain} /> : <SendFormStep store={store} chain={chain} returned={returned} chainLoading={supported && !chain} />}
    </div>
  )
}
