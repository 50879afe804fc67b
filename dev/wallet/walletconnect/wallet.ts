import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import * as v from 'valibot'
import { mnemonicToAccount } from 'viem/accounts'
import { DEMO_MNEMONIC } from '../../chains/anvil.ts'
import { approvedNamespaces } from './namespaces.ts'
import { bitcoinHandler, type WcBitcoinOptions } from './bitcoin.ts'
import { ChainRequestError, handlerNamespaces, handlerProperties, type ChainHandler } from './chain-handler.ts'
import { answerWalletRequest, WalletRpcError } from './rpc.ts'
import { Eip155ChainId } from './schemas.ts'
import { tronHandler, type TronWalletSide } from './tron.ts'

export type WcPolicy = 'approve' | 'reject' | 'hang'
export type WcProposal = SignClientTypes.EventArguments['session_proposal']

export interface WcWalletOptions {
  relayUrl: string
  projectId: string
  /** chain id -> RPC URL of the chains the wallet knows */
  rpcUrls: Record<number, string>
  /** default: DEMO_MNEMONIC */
  mnemonic?: string
  accountIndex?: number
  /** prefix of the client's storage keys; a unique suffix is added per instance */
  storagePrefix?: string
  /** A TRON account too (tron namespace), on these networks. */
  tron?: TronWalletSide
  /** Serve bip122 too: the regtest chain, its Esplora API and the keys (./bitcoin.ts). */
  bitcoin?: WcBitcoinOptions
  /** namespaces served beside eip155 (ton, sui, polkadot, cosmos): see chain-handler.ts */
  chains?: ChainHandler[]
}

export interface WcWalletRequest {
  method: string
  params: unknown
  chainId: string
  topic: string
}

export interface WcWallet {
  address: `0x${string}`
  /** Pairs with a `wc:` URI; resolves once the wallet listens on the pairing topic. */
  pair(uri: string): Promise<void>
  setPolicy(p: WcPolicy): void
  /** every session request received, in order, whatever the policy */
  requests: WcWalletRequest[]
  /** topics of the wallet's sessions */
  sessions(): string[]
  emit(topic: string, event: 'accountsChanged' | 'chainChanged', data: unknown): Promise<void>
  deleteSession(topic: string): Promise<void>
  /** The next proposal not yet returned by an earlier call (also one that already arrived). */
  waitForProposal(timeoutMs?: number): Promise<WcProposal>
  stop(): Promise<void>
}

const USER_REJECTED_SESSION = { code: 5000, message: 'User rejected.' } // getSdkError('USER_REJECTED')
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' } // getSdkError('USER_DISCONNECTED')
const USER_REJECTED_REQUEST = { code: 4001, message: 'User rejected.' } // EIP-1193

const METADATA = {
  name: 'Postern WalletConnect Test Wallet',
  description: 'A WalletConnect wallet in Node for local tests',
  url: 'http://127.0.0.1',
  icons: [],
}

/** A WalletConnect wallet on @walletconnect/sign-client, backed by the demo keys and the local chains. */
export async function createWalletConnectWallet(opts: WcWalletOptions): Promise<WcWallet> {
  const account = mnemonicToAccount(opts.mnemonic ?? DEMO_MNEMONIC, { addressIndex: opts.accountIndex ?? 0 })
  const rpcUrls = new Map(Object.entries(opts.rpcUrls).map(([id, url]) => [Number(id), url]))
  const knownChainIds = () => [...rpcUrls.keys()]
  // Core instances are cached on globalThis by storage prefix, so each wallet needs its own prefix
  const storagePrefix = `${opts.storagePrefix ?? 'postern-wc-wallet'}-${randomUUID().slice(0, 8)}`

  const client = await SignClient.init({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    metadata: METADATA,
    customStoragePrefix: storagePrefix,
    // in-memory key-value store per Core instance: nothing on disk, nothing shared
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'error',
    // requests are emitted as they come; a 'hang' request must not hold back the next one
    signConfig: { disableRequestQueue: true },
  })

  // Nothing may wait on the internet: core 2.25 resolves every proposal and request against the public
  // Verify API (verify.walletconnect.org) behind a 5 s abort timer that stays armed when the fetch fails.
  // The local wallet treats every dApp as unverified, which is what the SDK falls back to offline anyway.
  // (core's own resolve returns undefined on that path although its declared type omits it)
  type VerifyResult = Awaited<ReturnType<typeof client.core.verify.resolve>>
  client.core.verify.resolve = async () => undefined as unknown as VerifyResult

  let policy: WcPolicy = 'approve'
  let currentChainId = knownChainIds()[0] ?? 1
  const requests: WcWalletRequest[] = []
  const proposals: WcProposal[] = []
  let proposalsTaken = 0
  const proposalWaiters: (() => void)[] = []

  client.on('session_proposal', (proposal) => {
    proposals.push(proposal)
    proposalWaiters.splice(0).forEach((wake) => wake())
    if (policy === 'hang') return
    const answer =
      policy === 'approve'
        ? client
            .approve({ id: proposal.id, ...approval(proposal.params) })
            .then(() => undefined)
        : client.reject({ id: proposal.id, reason: USER_REJECTED_SESSION })
    answer.catch((error: unknown) => console.error('[wc-wallet] answering a proposal failed:', error))
  })

  const handlers = [...(opts.chains ?? []), ...(opts.tron ? [tronHandler(opts.tron)] : []), ...(opts.bitcoin ? [bitcoinHandler(opts.bitcoin)] : [])]
  /** eip155 as before; the handlers' namespaces the proposal asks for (then eip155 only when asked too). */
  function approval(proposal: WcProposal['params']) {
    const others = handlerNamespaces(proposal, handlers)
    const wantsEip155 = Object.keys({ ...proposal.requiredNamespaces, ...proposal.optionalNamespaces }).some((k) => k === 'eip155' || k.startsWith('eip155:'))
    const namespaces = { ...(wantsEip155 || !Object.keys(others).length ? approvedNamespaces(proposal, knownChainIds(), account.address) : {}), ...others }
    const sessionProperties = handlerProperties(namespaces, handlers)
    return { namespaces, ...(sessionProperties && { sessionProperties }) }
  }

  client.on('session_request', async ({ topic, id, params }) => {
    const { request, chainId } = params
    requests.push({ method: request.method, params: request.params, chainId, topic })
    if (policy === 'hang') return
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      client
        .respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
        .catch((error: unknown) => console.error('[wc-wallet] respond failed:', error))
    if (policy === 'reject') return respond({ error: USER_REJECTED_REQUEST })
    const handler = handlers.find((h) => chainId.startsWith(`${h.namespace}:`))
    if (handler) {
      try {
        const peer = client.session.get(topic).peer.metadata
        return await respond({ result: await handler.answer(request.method, request.params, chainId, { url: peer.url }) })
      } catch (error) {
        const code = error instanceof ChainRequestError ? error.code : -32603
        return respond({ error: { code, message: error instanceof Error ? error.message : String(error) } })
      }
    }
    const chain = v.safeParse(Eip155ChainId, chainId)
    if (!chain.success) return respond({ error: { code: -32602, message: `Unsupported chain ${chainId}` } })
    try {
      const result = await answerWalletRequest(
        {
          account,
          rpcUrls,
          chainId: Number(chain.output.slice('eip155:'.length)),
          onSwitchChain: (next) => {
            currentChainId = next
          },
        },
        request.method,
        request.params,
      )
      await respond({ result })
      if (request.method === 'wallet_switchEthereumChain') {
        await emit(topic, 'chainChanged', currentChainId).catch(() => undefined)
      }
    } catch (error) {
      if (error instanceof WalletRpcError) return respond({ error: { code: error.code, message: error.message } })
      const message = error instanceof Error ? error.message : String(error)
      return respond({ error: { code: -32603, message } })
    }
  })

  function sessionChains(topic: string): string[] {
    return client.session.get(topic).namespaces.eip155?.chains ?? []
  }

  async function emit(topic: string, event: 'accountsChanged' | 'chainChanged', data: unknown): Promise<void> {
    const chains = sessionChains(topic)
    const wanted =
      event === 'chainChanged' && (typeof data === 'number' || typeof data === 'string')
        ? `eip155:${Number(data)}`
        : `eip155:${currentChainId}`
    const chainId = chains.includes(wanted) ? wanted : (chains[0] ?? wanted)
    await client.emit({ topic, chainId, event: { name: event, data } })
  }

  let stopped = false
  return {
    address: account.address,
    async pair(uri) {
      await client.pair({ uri })
    },
    setPolicy(p) {
      policy = p
    },
    requests,
    sessions: () => client.session.getAll().map((s) => s.topic),
    emit,
    async deleteSession(topic) {
      await client.disconnect({ topic, reason: USER_DISCONNECTED })
    },
    waitForProposal(timeoutMs = 10_000) {
      return new Promise<WcProposal>((resolve, reject) => {
        const take = (): void => {
          const next = proposals[proposalsTaken]
          if (!next) {
            proposalWaiters.push(take)
            return
          }
          proposalsTaken += 1
          clearTimeout(timer)
          resolve(next)
        }
        const timer = setTimeout(() => {
          // a timed-out waiter must not consume a later proposal
          const waiting = proposalWaiters.indexOf(take)
          if (waiting >= 0) proposalWaiters.splice(waiting, 1)
          reject(new Error(`no session proposal within ${timeoutMs} ms`))
        }, timeoutMs)
        take()
      })
    },
    async stop() {
      if (stopped) return
      stopped = true
      await stopSignClient(client, storagePrefix)
    },
  }
}

/** Closes a sign-client's socket and timers and forgets its globally cached Core. */
export async function stopSignClient(client: InstanceType<typeof SignClient>, storagePrefix: string): Promise<void> {
  client.removeAllListeners('session_proposal')
  client.removeAllListeners('session_request')
  await client.core.relayer.transportClose().catch(() => undefined)
  client.core.heartbeat.stop()
  const g = globalThis as Record<string, unknown>
  delete g[`_walletConnectCore_${storagePrefix}`]
  delete g[`_walletConnectCore_${storagePrefix}_count`]
}
