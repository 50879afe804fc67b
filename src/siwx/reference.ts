// CloudAuthSIWX's role on the reference auth service (server/routes/auth.ts): nonces from the
// service, sessions verified and kept there, listed per address and revoked with a signature.
import * as v from 'valibot'
import type { CaipNetworkId, SIWXConfig, SIWXMessage, SIWXSession } from '../types'
import { getCurrentInstance } from '../instance'
import { formatSiwxMessage, revokeMessage } from '../utils/siwx-text'
import { signWithProvider } from '../utils/wallet-sign'
import { readStored, writeStored } from '../utils/storage'
import { networkName } from './messenger'
import { PosternError, SIWX_UNAVAILABLE } from '../utils/errors'

const SIGNED_OUT_KEY = '@postern/siwx_signed_out'
const NonceReply = v.object({ nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,}$/)) })
const SessionReply = v.object({
  pci: v.string(),
  data: v.looseObject({ accountAddress: v.string(), chainId: v.string(), domain: v.string(), uri: v.string(), version: v.string(), nonce: v.string() }),
  message: v.string(),
  signature: v.string(),
  cacao: v.optional(v.looseObject({ h: v.looseObject({ t: v.string() }), p: v.record(v.string(), v.unknown()), s: v.looseObject({ t: v.string(), s: v.string() }) })),
})
const ListReply = v.object({ sessions: v.array(SessionReply) })
const ErrorReply = v.object({ reason: v.string() })

/** A session as the service keeps it: AppKit's shape plus the service's id for it. */
export type ReferenceSession = SIWXSession & { pci: string }

export class ReferenceAuthSIWX implements SIWXConfig {
  private readonly required: boolean
  private readonly params: ReferenceAuthSIWX.ConstructorParams
  private known: ReferenceSession[] = []

  constructor(params: ReferenceAuthSIWX.ConstructorParams = {}) {
    this.params = params
    this.required = params.required ?? true
  }

  async createMessage(input: { accountAddress: string; chainId: CaipNetworkId; notBefore?: string }): Promise<SIWXMessage> {
    const { nonce } = await this.request(NonceReply, this.url('api', '/auth/v1/nonce', { address: input.accountAddress }))
    const expiration = this.params.expiration ?? 7 * 24 * 3_600_000
    const data = {
      accountAddress: input.accountAddress,
      chainId: input.chainId,
      domain: document.location.host,
      uri: document.location.href,
      version: '1',
      nonce,
      statement: this.params.statement,
      issuedAt: new Date().toISOString(),
      expirationTime: new Date((input.notBefore ? Date.parse(input.notBefore) : Date.now()) + expiration).toISOString(),
      ...(input.notBefore && { notBefore: new Date(input.notBefore).toISOString() }),
    }
    // EIP-4361 for EVM (a bare chain id), CAIP-122 for the others.
    return { ...data, toString: () => formatSiwxMessage(data, networkName(data.chainId), data.chainId.startsWith('eip155:')) }
  }

  async addSession(session: SIWXSession): Promise<void> {
    await this.request(v.object({ session: SessionReply }), this.url('api', '/auth/v1/authenticate'), { message: session.message, signature: session.signature })
  }

  async getSessions(chainId: CaipNetworkId, address: string): Promise<ReferenceSession[]> {
    const { sessions } = await this.request(ListReply, this.url('blockchain', `/v1/sessions/${encodeURIComponent(address)}`))
    const signedOut = this.signedOut()
    const mine = sessions
      .filter((s) => s.data.chainId === chainId && s.data.domain === document.location.host && !signedOut.includes(s.pci))
      .map((s) => ({ ...s, data: s.data as unknown as SIWXSession['data'] }))
    this.known = [...this.known.filter((k) => !(k.data.chainId === chainId && k.data.accountAddress === address)), ...mine]
    return mine
  }

  /** Revokes every session of that chain and address on the service; the wallet signs each revoke. */
  async revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    const kit = getCurrentInstance()
    for (const s of await this.getSessions(chainId, address)) {
      const signature = await signWithProvider(kit?.getWalletProvider(), chainId.split(':')[0]!, s.data.accountAddress, revokeMessage(s.data.accountAddress, s.pci))
      await this.request(v.object({ success: v.boolean() }), this.url('blockchain', `/v1/sessions/${encodeURIComponent(address)}/revoke`), { pci: s.pci, signature })
    }
  }

  /** An empty list signs this browser out (the service keeps the sessions until revoked); others are added. */
  async setSessions(sessions: SIWXSession[]): Promise<void> {
    if (sessions.length === 0) {
      writeStored(SIGNED_OUT_KEY, [...this.signedOut(), ...this.known.map((k) => k.pci)].slice(-100))
      this.known = []
      return
    }
    for (const session of sessions) await this.addSession(session)
  }

  getRequired(): boolean {
    return this.required
  }

  private signedOut(): string[] {
    return readStored(SIGNED_OUT_KEY, v.array(v.string())) ?? []
  }

  private url(api: 'api' | 'blockchain', path: string, query: Record<string, string> = {}): string {
    const options = getCurrentInstance()?.store.options
    const base = api === 'api' ? (this.params.apiUrl ?? options?.apiUrl) : (this.params.blockchainApiUrl ?? this.params.apiUrl ?? options?.blockchainApiUrl)
    const projectId = this.params.projectId ?? options?.projectId
    if (!base || !projectId) throw new Error('ReferenceAuthSIWX: createAppKit has not been called')
    const url = new URL(path, base)
    for (const [k, val] of Object.entries({ ...query, projectId, st: 'postern', sv: 'siwx' })) url.searchParams.set(k, val)
    return url.toString()
  }

  private async request<S extends v.GenericSchema>(schema: S, url: string, body?: unknown): Promise<v.InferOutput<S>> {
    // Out of reach or failing on its side (its database down answers 503): marked, so the modal
    // says sign-in is unavailable for now rather than that the signature was declined.
    const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .catch((error: unknown) => { throw new PosternError('auth service: unreachable', SIWX_UNAVAILABLE, { cause: error }) })
    const json: unknown = await res.json().catch(() => undefined)
    if (!res.ok) {
      const reason = v.safeParse(ErrorReply, json)
      const message = reason.success ? reason.output.reason : `auth service: HTTP ${res.status}`
      throw res.status >= 500 ? new PosternError(message, SIWX_UNAVAILABLE) : new Error(message)
    }
    return v.parse(schema, json)
  }
}

export namespace ReferenceAuthSIWX {
  export interface ConstructorParams {
    /** @default true */
    required?: boolean
    statement?: string
    /** Session lifetime in ms; default 7 days. */
    expiration?: number
    /** Default: createAppKit's apiUrl (nonces, sign-in) and blockchainApiUrl (sessions). */
    apiUrl?: string
    blockchainApiUrl?: string
    projectId?: string
  }
}

/** AppKit 1.8's names for the vendor-hosted SIWX (@reown/appkit-siwx), so a site's import keeps working. */
export const CloudAuthSIWX = ReferenceAuthSIWX
export type CloudAuthSIWX = ReferenceAuthSIWX
export const ReownAuthentication = ReferenceAuthSIWX
export type ReownAuthentication = ReferenceAuthSIWX
