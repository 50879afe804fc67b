import { SIWXConfig } from './core'
import { InformalMessenger } from './messenger'
import { LocalStorage } from './storage'
import { BIP122Verifier, EIP155Verifier, SolanaVerifier } from './verifiers'

const DEFAULTS = {
  getDefaultMessenger: () =>
    new InformalMessenger({
      domain: typeof document === 'undefined' ? 'Unknown Domain' : document.location.host,
      uri: typeof document === 'undefined' ? 'Unknown URI' : document.location.href,
      getNonce: async () => Math.round(Math.random() * 100_000_000).toString().padStart(8, '0'),
    }),
  getDefaultVerifiers: () => [new EIP155Verifier(), new SolanaVerifier(), new BIP122Verifier()],
  getDefaultStorage: () => new LocalStorage({ key: '@appkit/siwx' }),
}

/**
 * AppKit's DefaultSIWX: InformalMessenger, the EIP-155, Solana and BIP-122 verifiers and LocalStorage,
 * each replaceable through the constructor.
 */
export class DefaultSIWX extends SIWXConfig {
  constructor(params: Partial<SIWXConfig.ConstructorParams> = {}) {
    super({
      messenger: params.messenger || DEFAULTS.getDefaultMessenger(),
      verifiers: params.verifiers || DEFAULTS.getDefaultVerifiers(),
      storage: params.storage || DEFAULTS.getDefaultStorage(),
      required: params.required,
      signer: params.signer,
    })
  }
}
