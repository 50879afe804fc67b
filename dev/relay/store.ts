/** Messages kept per topic until their ttl runs out, so that late subscribers still get them. */

export interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag?: number
  attestation?: string
  /** Identity of the publishing client: it never gets its own message back. */
  publisherKey: string
  /** Client identities the message was handed to (and not lost with a dropped socket). */
  deliveredTo: Set<string>
}

export interface NewMessage {
  topic: string
  message: string
  ttl: number
  tag?: number
  attestation?: string
  publisherKey: string
}

export class MessageStore {
  private readonly byTopic = new Map<string, StoredMessage[]>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Stores a message; a repeated publish of the same payload on a topic only refreshes its expiry. */
  add(input: NewMessage): { stored: StoredMessage; isNew: boolean } {
    const now = this.now()
    const list = this.live(input.topic, now)
    const expiresAt = now + input.ttl * 1000
    const existing = list.find((m) => m.message === input.message)
    if (existing) {
      existing.expiresAt = Math.max(existing.expiresAt, expiresAt)
      return { stored: existing, isNew: false }
    }
    const stored: StoredMessage = {
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt,
      publisherKey: input.publisherKey,
      deliveredTo: new Set(),
      ...(input.tag !== undefined && { tag: input.tag }),
      ...(input.attestation !== undefined && { attestation: input.attestation }),
    }
    list.push(stored)
    this.byTopic.set(input.topic, list)
    return { stored, isNew: true }
  }

  /** Unexpired messages of a topic, oldest first. */
  forTopic(topic: string): StoredMessage[] {
    return [...this.live(topic, this.now())]
  }

  /** Drops every expired message. */
  sweep(): void {
    const now = this.now()
    for (const topic of [...this.byTopic.keys()]) this.live(topic, now)
  }

  topics(): string[] {
    this.sweep()
    return [...this.byTopic.keys()]
  }

  get size(): number {
    this.sweep()
    let n = 0
    for (const list of this.byTopic.values()) n += list.length
    return n
  }

  clear(): void {
    this.byTopic.clear()
  }

  private live(topic: string, now: number): StoredMessage[] {
    const list = this.byTopic.get(topic)
    if (!list) return []
    const kept = list.filter((m) => m.expiresAt > now)
    if (kept.length === 0) this.byTopic.delete(topic)
    else if (kept.length !== list.length) this.byTopic.set(topic, kept)
    return kept
  }
}
