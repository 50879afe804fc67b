import { PROMPTING_METHODS, type ApprovalPolicy, type RequestLogEntry, type SolanaWalletMethod } from '../types.ts'
import { userRejected, WalletError } from './errors.ts'

const POLICIES: readonly ApprovalPolicy[] = ['approve', 'reject', 'hang']

/** The scripted person in front of the wallet: a policy per method, and a log of every request. */
export class Approvals {
  private readonly log: RequestLogEntry[] = []
  private readonly overrides = new Map<SolanaWalletMethod, ApprovalPolicy>()
  private defaultPolicy: ApprovalPolicy

  constructor(private readonly autoApprove: boolean) {
    this.defaultPolicy = autoApprove ? 'approve' : 'hang'
  }

  get entries(): RequestLogEntry[] {
    return this.log.map((entry) => structuredClone(entry))
  }

  get policies(): { default: ApprovalPolicy } & Partial<Record<SolanaWalletMethod, ApprovalPolicy>> {
    return { default: this.defaultPolicy, ...Object.fromEntries(this.overrides) }
  }

  setPolicy(policy: ApprovalPolicy, methods?: SolanaWalletMethod[]): void {
    if (!POLICIES.includes(policy)) throw new TypeError(`setPolicy: policy must be one of ${POLICIES.join(', ')}, got ${JSON.stringify(policy)}`)
    if (methods === undefined) {
      this.defaultPolicy = policy
      this.overrides.clear()
      return
    }
    if (!Array.isArray(methods) || methods.some((m) => typeof m !== 'string' || (m as string) === '')) {
      throw new TypeError('setPolicy: methods must be an array of feature names')
    }
    for (const method of methods) this.overrides.set(method, policy)
  }

  clear(): void {
    this.log.length = 0
  }

  reset(): void {
    this.log.length = 0
    this.overrides.clear()
    this.defaultPolicy = this.autoApprove ? 'approve' : 'hang'
  }

  /**
   * Logs a request and runs it; `prompt()` inside `work` shows the confirmation, decided by the
   * policy in force at that moment. Errors are logged with their code and rethrown.
   */
  async run<T>(method: SolanaWalletMethod, params: unknown, work: (prompt: () => Promise<void>) => Promise<T>, summarise: (result: T) => unknown): Promise<T> {
    const entry: RequestLogEntry = { method, params, outcome: 'pending', prompt: null }
    this.log.push(entry)
    const prompt = () => {
      const policy = this.overrides.get(method) ?? ((PROMPTING_METHODS as readonly string[]).includes(method) ? this.defaultPolicy : 'approve')
      entry.prompt = policy
      if (policy === 'reject') return Promise.reject(userRejected())
      if (policy === 'hang') return new Promise<void>(() => {})
      return Promise.resolve()
    }
    try {
      const result = await work(prompt)
      entry.outcome = 'ok'
      entry.result = summarise(result)
      return result
    } catch (caught) {
      const error = caught instanceof WalletError ? caught : new WalletError(-32603, caught instanceof Error ? caught.message : String(caught))
      entry.outcome = error.code === 4001 ? 'rejected' : 'error'
      entry.error = error.toJson()
      throw error
    }
  }
}
