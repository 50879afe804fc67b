// AppKit's mapToSIWX: a legacy siweConfig driven through the SIWX calls the modal makes.
import type { CaipNetworkId, SIWXConfig, SIWXSession } from '../types'

export interface SIWEMessageArgs {
  domain: string
  uri: string
  chains?: number[]
  statement?: string
  iat?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}
export interface SIWECreateMessageArgs extends SIWEMessageArgs {
  chainId: number
  address: string
  nonce: string
  version?: string
}
export interface SIWEVerifyMessageArgs {
  message: string
  signature: string
  cacao?: unknown
}
export interface SIWESession {
  address: string
  chainId: number
}
export interface SIWEClientMethods {
  getNonce(address?: string): Promise<string>
  createMessage(args: SIWECreateMessageArgs): string
  verifyMessage(args: SIWEVerifyMessageArgs): Promise<boolean>
  getSession(): Promise<SIWESession | null>
  signOut(): Promise<boolean>
  getMessageParams?(): Promise<SIWEMessageArgs>
  onSignIn?(session?: SIWESession): void
  onSignOut?(): void
}
export interface SIWEConfig {
  options: { enabled: boolean; signOutOnDisconnect: boolean; signOutOnAccountChange: boolean; signOutOnNetworkChange: boolean; required?: boolean; nonceRefetchIntervalMs: number; sessionRefetchIntervalMs: number }
  methods: SIWEClientMethods
  getNonce(address?: string): Promise<string>
  createMessage(args: SIWECreateMessageArgs): string
}

const evmChainId = (caip: string) => (caip.startsWith('eip155:') ? Number(caip.slice(7)) : undefined)
const sameAddress = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase()

export function mapToSIWX(siwe: SIWEConfig, activeChainId: () => string | undefined): SIWXConfig {
  const getSession = async () => {
    try {
      const s = await siwe.methods.getSession()
      return s?.address && s.chainId ? s : undefined
    } catch (error) {
      console.warn('[postern] SIWE getSession failed', error)
      return undefined
    }
  }
  const signOut = async () => {
    await siwe.methods.signOut()
    siwe.methods.onSignOut?.()
  }
  const config: SIWXConfig = {
    async createMessage(input) {
      const params = await siwe.methods.getMessageParams?.()
      if (!params) throw new Error('Failed to get message params!')
      const nonce = await siwe.getNonce(input.accountAddress)
      const issuedAt = params.iat || new Date().toISOString()
      const version = '1'
      return {
        nonce, version, requestId: params.requestId, accountAddress: input.accountAddress, chainId: input.chainId,
        domain: params.domain, uri: params.uri, notBefore: params.nbf, resources: params.resources, statement: params.statement,
        expirationTime: params.exp, issuedAt,
        toString: () => siwe.createMessage({ ...params, chainId: evmChainId(input.chainId) || 1, address: `did:pkh:${input.chainId}:${input.accountAddress}`, nonce, version, iat: issuedAt }),
      }
    },
    async addSession(session) {
      const chainId = evmChainId(session.data.chainId)
      if (!chainId) return // SIWE signs EVM accounts only
      if (!(await siwe.methods.verifyMessage(session))) throw new Error('Failed to verify message')
      siwe.methods.onSignIn?.({ address: session.data.accountAddress, chainId })
    },
    async revokeSession() {
      await signOut().catch((error) => console.warn('[postern] SIWE signOut failed', error))
    },
    async setSessions(sessions) {
      if (sessions.length === 0) return void (await signOut().catch((error) => console.warn('[postern] SIWE signOut failed', error)))
      await config.addSession(sessions.find((s) => s.data.chainId === activeChainId()) ?? sessions[0]!)
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      const stub = (a: string, c: CaipNetworkId) => ({ data: { accountAddress: a, chainId: c }, message: '', signature: '' }) as unknown as SIWXSession
      if (!chainId.startsWith('eip155:')) return [stub(address, chainId)]
      const s = await getSession()
      if (!s) return []
      const caip = `eip155:${s.chainId}` as CaipNetworkId
      if ((siwe.options.signOutOnNetworkChange && caip !== chainId) || (siwe.options.signOutOnAccountChange && !sameAddress(s.address, address))) return []
      return [stub(s.address, caip)]
    },
    getRequired: () => siwe.options.required ?? true,
    signOutOnDisconnect: siwe.options.signOutOnDisconnect,
  }
  return config
}
