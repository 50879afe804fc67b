import { createHash } from 'node:crypto'
import type { WebSocket } from 'ws'
import { stringifyJson } from './json.ts'
import { MessageStore, type NewMessage, type StoredMessage } from './store.ts'

/** One WebSocket connection and what the relay knows about it. */
export interface RelayClient {
  /** Unique per connection. */
  readonly connId: string
  /** Client identity: the did:key from the auth JWT, or the connection id when none was sent. */
  readonly key: string
  readonly socket: WebSocket
  /** topic -> subscription id */
  readonly topics: Map<string, string>
  /** irn_subscription requests sent and not yet acknowledged, by request id */
  readonly unacked: Map<string, StoredMessage>
  alive: boolean
}

/** Subscriptions, stored messages and delivery: the relay's state, independent of the transport. */
export class Hub {
  readonly clients = new Set<RelayClient>()
  readonly store = new MessageStore()
  private readonly subscribers = new Map<string, Set<RelayClient>>()
  // server request ids: safe integers, unique for the relay's lifetime
  private nextRequestId = Date.now() * 1000

  /** Subscribes a client to a topic (idempotent) and returns the subscription id. */
  subscribe(client: RelayClient, topic: string): string {
    const existing = client.topics.get(topic)
    if (existing) return existing
    // same derivation as the client's Subscriber.getSubscriptionId: sha256(topic + clientId)
    const id = createHash('sha256').update(topic + client.key).digest('hex')
    client.topics.set(topic, id)
    let set = this.subscribers.get(topic)
    if (!set) this.subscribers.set(topic, (set = new Set()))
    set.add(client)
    return id
  }

  unsubscribe(client: RelayClient, topic: string): void {
    client.topics.delete(topic)
    const set = this.subscribers.get(topic)
    set?.delete(client)
    if (set?.size === 0) this.subscribers.delete(topic)
  }

  /** Stores a message and pushes it to every current subscriber except its publisher. */
  publish(input: NewMessage): void {
    const { stored, isNew } = this.store.add(input)
    if (!isNew) return
    for (const client of this.subscribers.get(input.topic) ?? []) this.deliver(client, stored)
  }

  /** Pushes the stored messages of a topic the client has not had yet (after its subscribe reply). */
  deliverStored(client: RelayClient, topic: string): void {
    for (const message of this.store.forTopic(topic)) this.deliver(client, message)
  }

  /** Takes the stored messages of topics the client has not had yet, marking them as handed over. */
  fetch(client: RelayClient, topics: readonly string[]): StoredMessage[] {
    const out: StoredMessage[] = []
    for (const topic of topics) {
      for (const message of this.store.forTopic(topic)) {
        if (!this.isDue(client, message)) continue
        message.deliveredTo.add(client.key)
        out.push(message)
      }
    }
    return out
  }

  /** The client's ack of an irn_subscription. */
  acknowledge(client: RelayClient, requestId: string): void {
    client.unacked.delete(requestId)
  }

  /** Forgets a closed connection; what it never acknowledged becomes due again for its identity. */
  drop(client: RelayClient): void {
    for (const topic of [...client.topics.keys()]) this.unsubscribe(client, topic)
    for (const message of client.unacked.values()) message.deliveredTo.delete(client.key)
    client.unacked.clear()
    this.clients.delete(client)
  }

  /** Topics with a subscriber or a stored message. */
  topicCount(): number {
    return new Set([...this.subscribers.keys(), ...this.store.topics()]).size
  }

  send(client: RelayClient, frame: unknown): void {
    if (client.socket.readyState !== client.socket.OPEN) return
    client.socket.send(stringifyJson(frame))
  }

  private isDue(client: RelayClient, message: StoredMessage): boolean {
    return message.publisherKey !== client.key && !message.deliveredTo.has(client.key)
  }

  private deliver(client: RelayClient, message: StoredMessage): void {
    const subscriptionId = client.topics.get(message.topic)
    if (!subscriptionId || !this.isDue(client, message)) return
    const id = this.nextRequestId++
    message.deliveredTo.add(client.key)
    client.unacked.set(String(id), message)
    this.send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          ...(message.attestation !== undefined && { attestation: message.attestation }),
          ...(message.tag !== undefined && { tag: message.tag }),
        },
      },
    })
  }
}
