import type { CreateConfigParameters, CreateConnectorFn } from '@wagmi/core'
import { getCurrentInstance } from '../instance'
import { AUTH, modalConnector } from './walletconnect'

/** AppKit's AuthParameters. The embedded wallet itself is createAppKit's (its projectId and options). */
export type AuthParameters = {
  chains?: CreateConfigParameters['chains']
  options: { projectId: string; enableAuthLogger?: boolean }
}

/**
 * AppKit's authConnector: a wagmi connector (id 'AUTH') over the modal's embedded wallet, so a
 * login by email or social account is wagmi's connection too (WagmiAdapter follows it); it never
 * logs in by itself.
 */
export function authConnector(_parameters: AuthParameters): CreateConnectorFn {
  return Object.assign(modalConnector(getCurrentInstance, AUTH), { [AUTH_CONNECTOR]: true })
}

/** Marks the site's own authConnector, so WagmiAdapter adds none of its own beside it. */
export const AUTH_CONNECTOR = Symbol('postern.authConnector')

/** Whether the site's wagmi connectors already include authConnector. */
export const hasAuthConnector = (connectors: readonly CreateConnectorFn[]) => connectors.some((c) => AUTH_CONNECTOR in c)
