import type { DefineComponent } from 'vue'
import type { AppKitButtonProps } from '../react/components'

// The custom elements for Vue templates (vue-tsc), as AppKit declares them: each tag with its
// attributes. At run time Vue renders them as custom elements (the site's isCustomElement).

type Element<Props> = DefineComponent<Props>
type ButtonProps = Pick<AppKitButtonProps, 'size' | 'label' | 'loadingLabel' | 'disabled' | 'balance' | 'namespace'>
type ConnectProps = Pick<AppKitButtonProps, 'size' | 'label' | 'loadingLabel' | 'namespace'>
type AccountProps = Pick<AppKitButtonProps, 'disabled' | 'balance' | 'charsStart' | 'charsEnd' | 'namespace'>
type NetworkProps = Pick<AppKitButtonProps, 'disabled' | 'namespace'>

declare module 'vue' {
  export interface GlobalComponents {
    'appkit-button': Element<ButtonProps>
    'appkit-connect-button': Element<ConnectProps>
    'appkit-account-button': Element<AccountProps>
    'appkit-network-button': Element<NetworkProps>
    'appkit-modal': Element<Record<string, never>>
    'w3m-button': Element<ButtonProps>
    'w3m-connect-button': Element<ConnectProps>
    'w3m-account-button': Element<AccountProps>
    'w3m-network-button': Element<NetworkProps>
    'w3m-modal': Element<Record<string, never>>
  }
  export interface ComponentCustomProperties {
    AppKitButton: ButtonProps
    AppKitConnectButton: ConnectProps
    AppKitAccountButton: AccountProps
    AppKitNetworkButton: NetworkProps
    W3mButton: ButtonProps
    W3mConnectButton: ConnectProps
    W3mAccountButton: AccountProps
    W3mNetworkButton: NetworkProps
  }
}

export type { ButtonProps as AppKitButtonAttributes }
