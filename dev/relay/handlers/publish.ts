import { BatchPublishParams, PublishParams } from '../schemas.ts'
import type { Hub, RelayClient } from '../hub.ts'
import { method, type Handler } from './method.ts'

function publishOne(hub: Hub, client: RelayClient, p: PublishParams): void {
  hub.publish({
    topic: p.topic,
    message: p.message,
    ttl: p.ttl,
    publisherKey: client.key,
    ...(p.tag !== undefined && { tag: p.tag }),
    ...(p.attestation !== undefined && { attestation: p.attestation }),
  })
}

/** irn_publish and irn_batchPublish. */
export const publishHandlers: Record<string, Handler> = {
  irn_publish: method(PublishParams, ({ hub, client }, params) => {
    publishOne(hub, client, params)
    return { result: true }
  }),

  irn_batchPublish: method(BatchPublishParams, ({ hub, client }, { messages }) => {
    for (const params of messages) publishOne(hub, client, params)
    return { result: true }
  }),
}
