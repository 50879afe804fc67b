// Balances read from the chains, shared for a moment per (chain, address): a burst of requests for
// one account costs one read of the node, and requests arriving while it runs wait for it rather
// than start their own. What the indexer sees move an address ends its entry at once.

/** How long one read of an address's balances on a chain serves requests: a change shows within this. */
export const BALANCE_MAX_AGE_MS = 1_000
/** Entries kept at most; past it the expired ones go, then the oldest. */
const MAX_ENTRIES = 10_000

interface Entry<T> {
  at: number
  value: Promise<T>
}

export class BalanceCache<T> {
  readonly #entries = new Map<string, Entry<T>>()
  readonly #maxAgeMs: number
  readonly #maxEntries: number

  constructor(opts: { maxAgeMs?: number; maxEntries?: number } = {}) {
    this.#maxAgeMs = opts.maxAgeMs ?? BALANCE_MAX_AGE_MS
    this.#maxEntries = opts.maxEntries ?? MAX_ENTRIES
  }

  /**
   * The balances of `address` on `chain`: the entry read (or being read) within the maximum age,
   * else a new read by `load`. `fresh` always reads anew (the API's forceUpdate).
   */
  read(chain: string, address: string, load: () => Promise<T>, opts: { fresh?: boolean; now?: number } = {}): Promise<T> {
    const key = keyOf(chain, address)
    const now = opts.now ?? Date.now()
    const hit = this.#entries.get(key)
    if (hit && !opts.fresh && now - hit.at < this.#maxAgeMs) return hit.value
    const entry = { at: now, value: load() }
    this.#entries.delete(key) // re-inserted last: the map stays in order of age
    this.#entries.set(key, entry)
    // A failed read is not kept: the next request reads again.
    entry.value.catch(() => this.#entries.get(key) === entry && this.#entries.delete(key))
    if (this.#entries.size > this.#maxEntries) this.#prune(now)
    return entry.value
  }

  /** Ends the entries of addresses a new block touched on `chain`: their next request reads the node. */
  forget(chain: string, addresses: Iterable<string>): void {
    for (const address of addresses) this.#entries.delete(keyOf(chain, address))
  }

  get size(): number {
    return this.#entries.size
  }

  // The map is in age order: expired entries lead; past them, the oldest go until it fits.
  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.at < this.#maxAgeMs && this.#entries.size <= this.#maxEntries) return
      this.#entries.delete(key)
    }
  }
}

// EVM addresses arrive in any case; the key is the same for every spelling.
const keyOf = (chain: string, address: string) => `${chain} ${chain.startsWith('eip155:') ? address.toLowerCase() : address}`
