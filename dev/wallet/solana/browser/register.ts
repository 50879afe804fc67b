import * as v from 'valibot'
import type { Wallet } from '@wallet-standard/base'

// The Wallet Standard's window-event protocol (as in @wallet-standard/wallet's registerWallet):
// the wallet announces itself with 'wallet-standard:register-wallet' for apps already listening,
// and answers every later 'wallet-standard:app-ready', so load order does not matter.

type RegisterApi = { register(wallet: Wallet): () => void }
type Callback = (api: RegisterApi) => void

const AppReadyDetail = v.looseObject({ register: v.function() })

class RegisterWalletEvent extends Event {
  readonly #detail: Callback

  get detail(): Callback {
    return this.#detail
  }

  override get type(): 'wallet-standard:register-wallet' {
    return 'wallet-standard:register-wallet'
  }

  constructor(callback: Callback) {
    super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false })
    this.#detail = callback
  }

  override preventDefault(): never {
    throw new Error('preventDefault cannot be called')
  }

  override stopImmediatePropagation(): never {
    throw new Error('stopImmediatePropagation cannot be called')
  }

  override stopPropagation(): never {
    throw new Error('stopPropagation cannot be called')
  }
}

/** Registers with every app on the page, now and later. Returns a function that unregisters from all of them. */
export function registerWallet(wallet: Wallet): () => void {
  const unregisters: (() => void)[] = []
  let active = true
  const callback: Callback = (api) => {
    if (active) unregisters.push(api.register(wallet))
  }
  const onAppReady = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (v.is(AppReadyDetail, detail)) callback(detail as RegisterApi)
  }
  try {
    window.dispatchEvent(new RegisterWalletEvent(callback))
  } catch (error) {
    console.error('wallet-standard:register-wallet event could not be dispatched\n', error)
  }
  try {
    window.addEventListener('wallet-standard:app-ready', onAppReady)
  } catch (error) {
    console.error('wallet-standard:app-ready event listener could not be added\n', error)
  }
  return () => {
    active = false
    window.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
