import { createElement, type ReactNode } from 'react'
import { createAppKit } from '../index'
import type { AppKitOptions } from '../signals/options'
import type { AppKit } from '../kit'

// AppKit's React components: its custom elements (defined by createAppKit), rendered by the
// host's React. Props become attributes: true as a bare attribute, false and undefined left
// out, so React 18 (attributes only) and React 19 (properties when known) render the same.

type Props = Record<string, string | number | boolean | undefined>

function attributes(props: Props): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false || name === 'children') continue
    out[name] = value === true ? '' : String(value)
  }
  return out
}

const element = (tag: string) => (props: Props = {}) => createElement(tag, attributes(props))

export interface AppKitButtonProps { size?: 'sm' | 'md'; label?: string; loadingLabel?: string; disabled?: boolean; balance?: 'show' | 'hide'; namespace?: string; charsStart?: number; charsEnd?: number }
export const AppKitButton = element('appkit-button') as (props?: AppKitButtonProps) => ReactNode
export const AppKitConnectButton = element('appkit-connect-button') as (props?: Pick<AppKitButtonProps, 'size' | 'label' | 'loadingLabel' | 'namespace'>) => ReactNode
export const AppKitAccountButton = element('appkit-account-button') as (props?: Pick<AppKitButtonProps, 'disabled' | 'balance' | 'charsStart' | 'charsEnd' | 'namespace'>) => ReactNode
export const AppKitNetworkButton = element('appkit-network-button') as (props?: Pick<AppKitButtonProps, 'disabled' | 'namespace'>) => ReactNode

let provided: AppKit | undefined

export type AppKitProviderProps = AppKitOptions & { children?: ReactNode }

/** AppKit's AppKitProvider: creates the instance once, on first render, and renders its children. */
export function AppKitProvider({ children, ...options }: AppKitProviderProps) {
  provided ??= createAppKit(options as AppKitOptions)
  return (children ?? null) as ReactNode
}
