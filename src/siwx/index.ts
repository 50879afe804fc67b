// postern/siwx: AppKit's @reown/appkit-siwx (and @reown/appkit-siwe) classes under their names.
export { SIWXConfig, SIWXVerifier, type SIWXStorage, type SIWXSigner } from './core'
export { SIWXMessenger, InformalMessenger } from './messenger'
export { LocalStorage } from './storage'
export { BIP122Verifier, EIP155Verifier, SolanaVerifier } from './verifiers'
export { DefaultSIWX } from './default'
export { ReferenceAuthSIWX, CloudAuthSIWX, ReownAuthentication, type ReferenceSession } from './reference'
export { createSIWEConfig, formatMessage, type SIWECreateClientArgs, type SIWEClientMethods, type SIWEConfig, type SIWECreateMessageArgs, type SIWEMessageArgs, type SIWESession, type SIWEVerifyMessageArgs } from './siwe'
export type { SIWXMessage, SIWXSession, SIWXConfig as SIWXConfigInterface } from '../types'
