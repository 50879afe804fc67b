// The smart account's session events (dev/aa/PosternAccount.sol), read back through the wallet's
// provider (eth_getLogs): which session keys are live. Shared by the Account view and
// postern/experimental/smart-session.
import * as v from 'valibot'

/** keccak256 of SessionGranted(address,uint48,uint128) and SessionRevoked(address). */
export const GRANTED = '0xf594381112b29ceb783e5cc3c17c34d72b98759863bff8da137015bddac227cd'
export const REVOKED = '0x2991ab7bfda4556c9e662762b3dfa89a1df391084c4278286d466c1c187e5523'
export const SessionLogs = v.array(v.object({ topics: v.array(v.string()), data: v.string(), blockNumber: v.optional(v.nullable(v.string())) }))
export type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
/** block: the grant's block number (hex), where the node gave it. */
export interface Session { key: string; until: number; block?: string }

/** Active sessions, from the account's grant and revoke events in order. */
export function activeSessions(logs: v.InferOutput<typeof SessionLogs>, nowS: number): Session[] {
  const live = new Map<string, Session>()
  for (const log of logs) {
    const key = `0x${(log.topics[1] ?? '').slice(-40)}`
    if (log.topics[0] === GRANTED) live.set(key, { key, until: Number.parseInt(log.data.slice(2, 66), 16), ...(log.blockNumber ? { block: log.blockNumber } : {}) })
    else if (log.topics[0] === REVOKED) live.delete(key)
  }
  return [...live.values()].filter((s) => s.until > nowS)
}

/** The live sessions of the account at `address`, read through its wallet's provider. */
export async function readSessions(provider: Provider, address: string, nowS: number): Promise<Session[]> {
  const logs = v.safeParse(SessionLogs, await provider.request({ method: 'eth_getLogs', params: [{ address, fromBlock: '0x0', toBlock: 'latest', topics: [[GRANTED, REVOKED]] }] }))
  return logs.success ? activeSessions(logs.output, nowS) : []
}
