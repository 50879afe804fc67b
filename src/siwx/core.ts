// AppKit's SIWX building blocks (@reown/appkit-siwx core): the verifier and storage contracts
// and the SIWXConfig base class that combines a messenger, verifiers and a storage.
import type { CaipNetworkId, ChainNamespace, SIWXConfig as SIWXConfigInterface, SIWXMessage, SIWXSession } from '../types'
import type { SIWXMessenger } from './messenger'

export abstract class SIWXVerifier {
  public abstract readonly chainNamespace: ChainNamespace

  /** By default a verifier takes the sessions of its namespace. */
  public shouldVerify(session: SIWXSession): boolean {
    return session.data.chainId.startsWith(this.chainNamespace)
  }

  abstract verify(session: SIWXSession): Promise<boolean>
}

export interface SIWXStorage {
  add(session: SIWXSession): Promise<void>
  delete(chainId: CaipNetworkId, address: string): Promise<void>
  get(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  set(sessions: SIWXSession[]): Promise<void>
}

export interface SIWXSigner {
  signMessage(message: string): Promise<string>
}

export abstract class SIWXConfig implements SIWXConfigInterface {
  private messenger: SIWXMessenger
  private verifiers: SIWXVerifier[]
  private storage: SIWXStorage
  public required: boolean
  /** With a signer, the modal asks it instead of the wallet (AppKit's signMessage). */
  public signMessage?: SIWXConfigInterface['signMessage']

  constructor(params: SIWXConfig.ConstructorParams) {
    this.messenger = params.messenger
    this.verifiers = params.verifiers
    this.storage = params.storage
    this.required = params.required ?? true
    const signer = params.signer
    if (signer) this.signMessage = ({ message }) => signer.signMessage(message)
  }

  public createMessage(input: SIWXMessage.Input): Promise<SIWXMessage> {
    return this.messenger.createMessage(input)
  }

  /** Verifies, then stores; an invalid signature throws. */
  public async addSession(session: SIWXSession): Promise<void> {
    if (!(await this.verifySession(session))) throw new Error('The signature is not valid')
    return this.storage.add(session)
  }

  public async setSessions(sessions: SIWXSession[]): Promise<void> {
    const checks = await Promise.all(sessions.map((s) => this.verifySession(s)))
    const invalid = sessions.find((_, i) => !checks[i])
    if (invalid) throw new Error('The signature is not valid', { cause: invalid })
    return this.storage.set(sessions)
  }

  /** The stored sessions that still verify; one that does not is deleted. */
  public async getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    const sessions = await this.storage.get(chainId, address)
    const checks = await Promise.all(
      sessions.map(async (s) => {
        if (await this.verifySession(s)) return true
        await this.storage.delete(s.data.chainId, s.data.accountAddress)
        return false
      }),
    )
    return sessions.filter((_, i) => checks[i])
  }

  public revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    return this.storage.delete(chainId, address)
  }

  /** Valid when at least one verifier takes the session and every one that does agrees. */
  protected async verifySession(session: SIWXSession): Promise<boolean> {
    const results = await Promise.all(this.verifiers.filter((v) => v.shouldVerify(session)).map((v) => v.verify(session)))
    return results.length > 0 && results.every(Boolean)
  }

  /** false keeps the wallet connected when the visitor declines to sign. */
  getRequired() {
    return this.required
  }
}

export namespace SIWXConfig {
  export type ConstructorParams = {
    messenger: SIWXMessenger
    verifiers: SIWXVerifier[]
    storage: SIWXStorage
    /** @default true */
    required?: boolean
    signer?: SIWXSigner
  }
}

export namespace SIWXMessage {
  export type Input = Parameters<SIWXConfigInterface['createMessage']>[0]
}
