import * as v from 'valibot'

const STORAGE_PREFIX = 'posternSolanaTestWallet:'
const Stored = v.object({ authorized: v.boolean() })

/** Whether the site was authorised, remembered per wallet name in localStorage (survives reloads). */
export class AuthorisationStore {
  private readonly key: string

  constructor(name: string) {
    this.key = STORAGE_PREFIX + name
  }

  read(): boolean {
    try {
      const raw = localStorage.getItem(this.key)
      if (raw === null) return false
      const parsed = v.safeParse(Stored, JSON.parse(raw))
      return parsed.success && parsed.output.authorized
    } catch {
      return false // storage blocked or corrupt: behave as a first visit
    }
  }

  write(authorized: boolean): void {
    try {
      if (authorized) localStorage.setItem(this.key, JSON.stringify({ authorized }))
      else localStorage.removeItem(this.key)
    } catch {
      // storage blocked: authorisation then lasts for this page only
    }
  }
}
