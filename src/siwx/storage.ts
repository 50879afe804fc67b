// AppKit's LocalStorage for SIWX sessions; what is read back is checked before use.
import * as v from 'valibot'
import type { CaipNetworkId, SIWXSession } from '../types'
import type { SIWXStorage } from './core'

const opt = v.optional(v.string())
const SessionSchema = v.object({
  data: v.looseObject({
    accountAddress: v.string(), chainId: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
    domain: v.string(), uri: v.string(), version: v.string(), nonce: v.string(),
    statement: opt, requestId: opt, issuedAt: opt, expirationTime: opt, notBefore: opt, resources: v.optional(v.array(v.string())),
  }),
  message: v.string(),
  signature: v.string(),
  cacao: v.optional(v.any()),
})

export class LocalStorage implements SIWXStorage {
  private key: string

  constructor(params: LocalStorage.ConstructorParams) {
    this.key = params.key
  }

  add(session: SIWXSession): Promise<void> {
    this.write([...this.read(), session])
    return Promise.resolve()
  }

  set(sessions: SIWXSession[]): Promise<void> {
    this.write(sessions)
    return Promise.resolve()
  }

  /** Sessions of that chain and address whose validity window holds now. */
  get(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    const now = Date.now()
    return Promise.resolve(
      this.read().filter((s) => {
        const startsAt = s.data.notBefore || s.data.issuedAt
        if (startsAt && Date.parse(startsAt) > now) return false
        if (s.data.expirationTime && now > Date.parse(s.data.expirationTime)) return false
        return s.data.chainId === chainId && s.data.accountAddress === address
      }),
    )
  }

  delete(chainId: string, address: string): Promise<void> {
    this.write(this.read().filter((s) => !(s.data.chainId === chainId && s.data.accountAddress === address)))
    return Promise.resolve()
  }

  private read(): SIWXSession[] {
    if (typeof localStorage === 'undefined') throw new Error('localStorage not available')
    try {
      const parsed = v.safeParse(v.array(SessionSchema), JSON.parse(localStorage.getItem(this.key) ?? '[]'))
      return parsed.success ? (parsed.output as SIWXSession[]) : []
    } catch {
      return []
    }
  }

  private write(sessions: SIWXSession[]): void {
    localStorage.setItem(this.key, JSON.stringify(sessions))
  }
}

export namespace LocalStorage {
  export type ConstructorParams = { key: string }
  export type Sessions = SIWXSession[]
}
