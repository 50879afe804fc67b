import type { FunctionComponent } from 'preact'
import type { ViewName } from '../signals/modal'
import type { ViewProps } from './view-props'
import { Connect } from './Connect'

/** A view is in the modal chunk (component) or in its own chunk, fetched on first visit (load). */
export type ViewEntry = { title: (props: ViewProps) => string } & (
  | { component: FunctionComponent<ViewProps>; load?: undefined }
  | { load: () => Promise<FunctionComponent<ViewProps>>; component?: undefined }
)

/** Connect is in the modal chunk; every other view arrives in its own chunk on first visit. */
export const VIEWS: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: () => 'Connect Wallet', component: Connect },
  Account: { title: () => 'Account', load: () => import('./account-views').then((m) => m.Account) },
  Networks: { title: () => 'Choose Network', load: () => import('./account-views').then((m) => m.Networks) },
  ConnectingExternal: { title: ({ route }) => String(route.data?.name ?? 'Connecting'), load: () => import('./ConnectingExternal').then((m) => m.ConnectingExternal) },
  UnsupportedChain: { title: () => 'Switch Network', load: () => import('./account-views').then((m) => m.UnsupportedChain) },
  AllWallets: { title: () => 'All Wallets', load: () => import('./AllWallets').then((m) => m.AllWallets) },
  WhatIsAWallet: { title: () => 'What is a wallet?', load: () => import('./WhatIsAWallet').then((m) => m.WhatIsAWallet) },
  ConnectingWalletConnectBasic: { title: () => 'WalletConnect', load: () => import('./ConnectingWalletConnectBasic').then((m) => m.ConnectingWalletConnectBasic) },
  ConnectingWalletConnect: { title: ({ route }) => String(route.data?.name ?? 'WalletConnect'), load: () => import('./ConnectingWalletConnectBasic').then((m) => m.ConnectingWalletConnect) },
  WalletSend: { title: () => 'Send', load: () => import('../lazy/send/index').then((m) => m.WalletSend) },
  WalletReceive: { title: () => 'Receive', load: () => import('../lazy/receive/index').then((m) => m.WalletReceive) },
  Swap: { title: () => 'Swap', load: () => import('../lazy/swap/index').then((m) => m.Swap) },
  SIWXSignMessage: { title: () => 'Sign In', load: () => import('../lazy/siwx/index').then((m) => m.SIWXSignMessage) },
  RegisterAccountName: { title: () => 'Choose Name', load: () => import('../lazy/names/index').then((m) => m.RegisterAccountName) },
  OnRampProviders: { title: () => 'Choose Provider', load: () => import('../lazy/onramp/index').then((m) => m.OnRampProviders) },
  ApproveTransaction: { title: () => 'Approve Transaction', load: () => import('../lazy/embedded/approve-view').then((m) => m.ApproveTransaction) },
  EmailVerifyOtp: { title: () => 'Confirm Email', load: () => import('../lazy/email/index').then((m) => m.EmailVerifyOtp) },
  EmailVerifyDevice: { title: () => 'Register Device', load: () => import('../lazy/email/device').then((m) => m.EmailVerifyDevice) },
  ConnectingFarcaster: { title: () => 'Farcaster', load: () => import('../lazy/farcaster/index').then((m) => m.ConnectingFarcaster) },
  UpdateEmailWallet: { title: () => 'Edit Email', load: () => import('../lazy/email/update').then((m) => m.UpdateEmailWallet) },
  UpdateEmailPrimaryOtp: { title: () => 'Confirm Current Email', load: () => import('../lazy/email/update').then((m) => m.UpdateEmailPrimaryOtp) },
  UpdateEmailSecondaryOtp: { title: () => 'Confirm New Email', load: () => import('../lazy/email/update').then((m) => m.UpdateEmailSecondaryOtp) },
  UpgradeEmailWallet: { title: () => 'Upgrade Your Wallet', load: () => import('../lazy/email/upgrade').then((m) => m.UpgradeEmailWallet) },
  RegisterAccountNameSuccess: { title: () => 'Choose Name', load: () => import('../lazy/names/index').then((m) => m.RegisterAccountNameSuccess) },
}
