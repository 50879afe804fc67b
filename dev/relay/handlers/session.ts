import { ApproveSessionParams, ProposeSessionParams } from '../schemas.ts'
import { method, type Handler } from './method.ts'

/** Default ttl of publishCustom in @walletconnect/core 2.25 (FIVE_MINUTES), used when none is sent. */
const DEFAULT_TTL_S = 300

/**
 * The publish-like methods sign-client 2.25 sends through `relayer.publishCustom` (the only two in
 * its engine): each carries payloads for the relay to publish and implies a subscription for the
 * sender, because the client marks those topics `skipSubscribe` and relies on the relay.
 */
export const sessionHandlers: Record<string, Handler> = {
  wc_proposeSession: method(ProposeSessionParams, ({ hub, client }, p) => {
    // the dApp hears the wallet's answer on the pairing topic without its own irn_subscribe
    hub.subscribe(client, p.pairingTopic)
    hub.publish({
      topic: p.pairingTopic,
      message: p.sessionProposal,
      ttl: p.ttl ?? DEFAULT_TTL_S,
      publisherKey: client.key,
      ...(p.tag !== undefined && { tag: p.tag }),
      ...(p.attestation !== undefined && { attestation: p.attestation }),
    })
    return { result: true, after: () => hub.deliverStored(client, p.pairingTopic) }
  }),

  wc_approveSession: method(ApproveSessionParams, ({ hub, client }, p) => {
    // the wallet hears the dApp's settle ack on the session topic without its own irn_subscribe
    hub.subscribe(client, p.sessionTopic)
    const ttl = p.ttl ?? DEFAULT_TTL_S
    hub.publish({ topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, publisherKey: client.key })
    hub.publish({ topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, publisherKey: client.key })
    return {
      result: true,
      // anything the dApp already sent on the session topic reaches the wallet now
      after: () => hub.deliverStored(client, p.sessionTopic),
    }
  }),
}
