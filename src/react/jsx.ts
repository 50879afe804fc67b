/* eslint-disable @typescript-eslint/no-empty-interface */
// AppKit's JSX declarations of its elements, so `<appkit-button />` type-checks in a React site:
// the global JSX namespace (React 18's @types/react reads it) and the `react` module's own
// (React 19's), each with the attributes AppKit 1.8 declares. Types only: nothing is emitted.
import type {} from 'react'
import type { ChainNamespace } from '../types'

type ButtonSize = 'md' | 'sm'
type BalanceVisibility = 'show' | 'hide'

interface ConnectButtonAttributes {
  size?: ButtonSize
  label?: string
  loadingLabel?: string
}
interface AccountButtonAttributes {
  disabled?: boolean
  balance?: BalanceVisibility
}
interface NetworkButtonAttributes {
  disabled?: boolean
}

/** The elements and attributes AppKit 1.8 declares for JSX (its library/react/index.ts). */
export interface AppKitElements {
  'appkit-modal': { class?: string }
  'appkit-button': ConnectButtonAttributes & AccountButtonAttributes & { namespace?: ChainNamespace }
  'appkit-connect-button': ConnectButtonAttributes
  'appkit-account-button': AccountButtonAttributes
  'appkit-network-button': NetworkButtonAttributes
  'w3m-connect-button': ConnectButtonAttributes
  'w3m-account-button': AccountButtonAttributes
  'w3m-button': ConnectButtonAttributes & AccountButtonAttributes
  'w3m-network-button': NetworkButtonAttributes
}

declare global {
  // React 18: the global namespace.
  namespace JSX {
    interface IntrinsicElements extends AppKitElements {}
  }
}

type BuiltinIntrinsics = JSX.IntrinsicElements

declare module 'react' {
  // React 19: the namespace of the react module, with the built-ins it already has.
  namespace JSX {
    interface IntrinsicElements extends BuiltinIntrinsics, AppKitElements {}
  }
}
