// Balances read from the chains, shared for a moment per (chain, address): a burst of requests for
// one account costs one read of the node, and requests arriving while it runs wait for it rather
// than start their own. An address asked for steadily is read again before its entry expires, so
// its requests never all wait for the node at once. What the indexer sees move an address ends its
// entry at once.

/** How long one read of an address's balances on a chain serves requests: a change shows within this. */
export const BALANCE_MAX_AGE_MS = 1_000
/** Entries kept at most; past it the expired ones go, then the oldest. */
const MAX_ENTRIES = 10_000
/**
 * Past this share of its age, a request for an entry starts the next read and is served the entry:
 * half its age is left for that read, which under load took up to 200 ms against the local node.
 */
const REFRESH_AT = 0.5

interface Entry<T> {
  /** When its read started: it shows the chain as of then or later. */
  at: number
  value: Promise<T>
  /** Its read has answered (a read still running is not read again), or failed. */
  answered?: boolean
  failed?: boolean
  /** The read for its successor, once started (one at a time; none after it failed). */
  next?: Entry<T>
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
    if (hit && !opts.fresh && now - hit.at < this.#maxAgeMs) {
      if (hit.answered && !hit.next && now - hit.at >= this.#maxAgeMs * REFRESH_AT) this.#refresh(key, hit, load, now)
      return hit.value
    }
    // Past its age, a successor still running is the read to wait for.
    const next = !opts.fresh && hit?.next && !hit.next.failed && now - hit.next.at < this.#maxAgeMs ? hit.next : { at: now, value: load() }
    return this.#store(key, next, now).value
  }

  #store(key: string, entry: Entry<T>, now: number): Entry<T> {
    this.#entries.delete(key) // re-inserted last: the map stays in order of age
    this.#entries.set(key, entry)
    entry.value.then(() => (entry.answered = true), () => this.#entries.get(key) === entry && this.#entries.delete(key)) // a failed read is not kept
    if (this.#entries.size > this.#maxEntries) this.#prune(now)
    return entry
  }

  /**
   * The next read, while `hit` still serves: it takes the entry's place once it answers, unless
   * the entry was ended meanwhile (a newer block). A failed one leaves `hit` to expire.
   */
  #refresh(key: string, hit: Entry<T>, load: () => Promise<T>, now: number): void {
    const next: Entry<T> = (hit.next = { at: now, value: load() })
    next.value.then(
      () => {
        next.answered = true
        if (this.#entries.get(key) === hit) this.#store(key, next, now)
      },
      () => (next.failed = true),
    )
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
