// AppKit's SIWXMessenger and InformalMessenger: build the message data and its exact text.
import type { SIWXMessage, SIWXMessageData } from '../types'
import { getCurrentInstance } from '../instance'
import { formatSiwxMessage } from '../utils/siwx-text'

type Input = { accountAddress: string; chainId: SIWXMessageData['chainId']; notBefore?: string }

export abstract class SIWXMessenger {
  public domain: string
  public uri: string
  public statement?: string
  public resources?: string[]
  protected abstract readonly version: string
  /** Lifetime in milliseconds from notBefore (or now). */
  protected expiration?: number
  protected getNonce: SIWXMessenger.ConstructorParams['getNonce']
  protected getRequestId?: SIWXMessenger.ConstructorParams['getRequestId']

  protected abstract stringify(params: SIWXMessageData): string

  constructor(params: SIWXMessenger.ConstructorParams) {
    this.expiration = params.expiration
    this.getNonce = params.getNonce
    this.getRequestId = params.getRequestId
    this.domain = params.domain
    this.uri = params.uri
    this.statement = params.statement
    this.resources = params.resources
  }

  async createMessage(input: Input): Promise<SIWXMessage> {
    const params: SIWXMessageData = {
      accountAddress: input.accountAddress,
      chainId: input.chainId,
      version: this.version,
      domain: this.domain,
      uri: this.uri,
      statement: this.statement,
      resources: this.resources,
      nonce: await this.getNonce(input),
      requestId: await this.getRequestId?.(),
      expirationTime: this.getExpirationTime(input),
      issuedAt: this.getIssuedAt(),
      notBefore: this.getNotBefore(input),
    }
    return Object.assign(params, { toString: () => this.stringify(params) })
  }

  protected getExpirationTime({ notBefore }: Pick<Input, 'notBefore'>): string | undefined {
    if (this.expiration === undefined) return undefined
    const start = notBefore ? new Date(notBefore).getTime() : Date.now()
    return this.stringifyDate(new Date(start + this.expiration))
  }

  protected getNotBefore({ notBefore }: Pick<Input, 'notBefore'>): string | undefined {
    return notBefore ? this.stringifyDate(new Date(notBefore)) : undefined
  }

  protected getIssuedAt(): string {
    return this.stringifyDate(new Date())
  }

  protected stringifyDate(date: Date): string {
    return date.toISOString()
  }
}

export namespace SIWXMessenger {
  export interface ConstructorParams {
    domain: string
    uri: string
    statement?: string
    resources?: string[]
    expiration?: number
    getNonce: (input: Input) => Promise<string>
    getRequestId?: () => Promise<string | undefined>
  }
}

/** The network's name as the site configured it (AppKit reads its requested networks). */
export function networkName(chainId: string): string {
  const networks = getCurrentInstance()?.store.network.networks.peek() ?? []
  const found = networks.find((n) => n.caipNetworkId === chainId)?.name
  return found ?? (chainId.startsWith('solana:') ? 'Solana' : 'Ethereum')
}

/** EIP-4361's informal template, for every namespace (CAIP-122). */
export class InformalMessenger extends SIWXMessenger {
  protected readonly version = '1'
  private readonly clearChainIdNamespace: boolean

  constructor({ clearChainIdNamespace, ...params }: InformalMessenger.ConstructorParams) {
    super(params)
    this.clearChainIdNamespace = clearChainIdNamespace || false
  }

  protected getNetworkName(chainId: string): string {
    return networkName(chainId)
  }

  protected override stringify(params: SIWXMessageData): string {
    return formatSiwxMessage(params, this.getNetworkName(params.chainId), this.clearChainIdNamespace)
  }
}

export namespace InformalMessenger {
  export type ConstructorParams = SIWXMessenger.ConstructorParams & { clearChainIdNamespace?: boolean }
}
