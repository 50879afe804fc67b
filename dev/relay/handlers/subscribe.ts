import { BatchUnsubscribeParams, SubscribeParams, TopicsParams, UnsubscribeParams } from '../schemas.ts'
import { method, type Handler } from './method.ts'

/** irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe, irn_batchFetchMessages. */
export const subscribeHandlers: Record<string, Handler> = {
  irn_subscribe: method(SubscribeParams, ({ hub, client }, { topic }) => ({
    result: hub.subscribe(client, topic),
    // the clients only accept messages for topics they know, i.e. after the subscribe reply
    after: () => hub.deliverStored(client, topic),
  })),

  irn_batchSubscribe: method(TopicsParams, ({ hub, client }, { topics }) => ({
    result: topics.map((topic) => hub.subscribe(client, topic)),
    after: () => topics.forEach((topic) => hub.deliverStored(client, topic)),
  })),

  irn_unsubscribe: method(UnsubscribeParams, ({ hub, client }, { topic }) => {
    hub.unsubscribe(client, topic)
    return { result: true }
  }),

  irn_batchUnsubscribe: method(BatchUnsubscribeParams, ({ hub, client }, { subscriptions }) => {
    for (const { topic } of subscriptions) hub.unsubscribe(client, topic)
    return { result: true }
  }),

  irn_batchFetchMessages: method(TopicsParams, ({ hub, client }, { topics }) => ({
    result: {
      messages: hub.fetch(client, topics).map((m) => ({
        topic: m.topic,
        message: m.message,
        publishedAt: m.publishedAt,
        ...(m.attestation !== undefined && { attestation: m.attestation }),
        ...(m.tag !== undefined && { tag: m.tag }),
      })),
      hasMore: false,
    },
  })),
}
