import { signal } from '@preact/signals-core'

export type ViewName =
  | 'Connect' | 'Account' | 'AllWallets' | 'Networks' | 'ConnectingWalletConnectBasic'
  | 'ConnectingWalletConnect' | 'ConnectingExternal' | 'UnsupportedChain' | 'SIWXSignMessage'
  | 'ApproveTransaction' | 'RegisterAccountName' | 'RegisterAccountNameSuccess' | 'Swap'
  | 'WhatIsAWallet' | 'WalletSend' | 'WalletReceive' | 'EmailVerifyOtp'
  | 'UpdateEmailWallet' | 'UpdateEmailPrimaryOtp' | 'UpdateEmailSecondaryOtp' | 'EmailVerifyDevice'
  | 'ConnectingFarcaster' | 'UpgradeEmailWallet'
  // AppKit's other public views (OpenOptions): their screens arrive with their issues.
  | 'OnRampProviders' | 'WhatIsANetwork' | 'ProfileWallets'
  // AppKit Pay's views (postern/pay).
  | 'Pay' | 'PayLoading' | 'PayQuote'

export interface Route {
  view: ViewName
  data?: Record<string, unknown>
}

/** The modal's state, apart from its actions (modal.ts), which the loader fetches on first open. */
export function createModalState() {
  return {
    open: signal(false),
    stack: signal<Route[]>([{ view: 'Connect' }]),
    shake: signal(false),
    /** AppKit's setLoading: the modal shows it is busy. */
    loading: signal(false),
    /** features.legalCheckbox: ticked once per page, as AppKit keeps it. */
    legalAccepted: signal(false),
  }
}
