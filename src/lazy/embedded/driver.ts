// The embedded wallet as a connection driver: the AUTH connector (type AUTH, eip155) that the
// e-mail login registers, connecting through the secure frame; its EIP-1193 provider sends every
// call to the frame, which answers reads, asks for approval, or refuses.
import * as v from 'valibot'
import { effect, untracked } from '@preact/signals-core'
import type { Store } from '../../signals/store'
import type { ChainAdapter, Connector, Network } from '../../types'
import { rpcUrlsFor } from '../../signals/adapters'
import { embeddedRpcUrl } from './rpc-url'
import { FrameUser } from '../../utils/frame-messages'
import { PosternError } from '../../utils/errors'
import { createFrame, FrameError, type Frame } from './frame'
import { frameOriginAllowed } from './frame-origin'
import { applyUser, followNetwork, preferredType, watchAccountType } from './smart'
import { embeddedSolana } from './solana'
import { clearLoginCache, EMBEDDED_KEYS, rememberLogin } from './storage'
import { readStored, writeStored } from '../../utils/storage'
import { accountFor, setAccountState, type EmbeddedWalletInfo } from '../../signals/account'
import { closeModal, currentRoute, goBack, pushView } from '../../signals/modal'

export const AUTH_CONNECTOR_ID = 'AUTH'
/** The frame's `version` query: this package's. */
const SDK_VERSION = 'html-postern-0.1.0'
/** SPEC section 9: the frame's sign-out may hold a disconnect up at most 3 s. */
const DISCONNECT_WAIT_MS = 3000

export interface EmbeddedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
}

export interface Embedded { frame: Frame; connector: Connector; driver: ChainAdapter; provider: EmbeddedProvider }

const instances = new WeakMap<Store, Embedded>()

const SmartNetworks = v.object({ smartAccountEnabledNetworks: v.array(v.number()) })
const SwitchReply = v.object({ address: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))) })

/** The store's embedded wallet: frame loaded, connector listed, driver registered. Once per store. */
export function embeddedFor(store: Store): Embedded {
  const existing = instances.get(store)
  if (existing) return existing
  const { options } = store
  const frame = createFrame({
    secureSiteUrl: options.secureSiteUrl, projectId: options.projectId, chainId: store.network.activeCaipNetworkId.peek(), version: SDK_VERSION,
    enableLogger: options.enableAuthLogger !== false, originCheck: frameOriginAllowed(options.apiUrl, options.projectId, SDK_VERSION),
  })
  const theme = () => ({ themeMode: store.theme.mode.value, themeVariables: store.theme.variables.value as Record<string, string | number> })
  void frame.loaded.then(() => frame.initialize({
    theme: theme(),
    dapp: { metadata: options.metadata && { name: options.metadata.name, description: options.metadata.description, url: options.metadata.url, icons: [...options.metadata.icons] }, sdkVersion: SDK_VERSION, sdkType: 'postern', projectId: options.projectId },
  })).then(() => {
    // Later theme changes follow the modal's (setThemeMode, setThemeVariables).
    effect(() => void frame.request('SYNC_THEME', theme()).catch(() => undefined))
  }, (error: unknown) => console.error('[postern] the secure frame did not start', error))

  const rpcUrlOf = (n: Network) => embeddedRpcUrl(store, n)
  const network = () => store.network.networks.peek().find((n) => n.caipNetworkId === store.network.byNamespace.peek().eip155) ?? store.network.networks.peek().find((n) => n.chainNamespace === 'eip155')
  // The frame takes one endpoint per request: the first of the network's that answers, so a
  // refused first endpoint does not stop the wallet's reads (the balance falls back on its own).
  const target = async (n: Network | undefined) => (n ? { chainId: Number(n.id), rpcUrl: await rpcUrlOf(n) } : {})
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()

  // EIP-1193 errors carry a numeric code (4001 when the user rejected in the frame).
  const fail = (error: unknown): never => {
    const e = error as FrameError
    throw Object.assign(new Error(e.message), { code: typeof e.code === 'number' ? e.code : -32603 })
  }
  const provider: EmbeddedProvider = {
    async request({ method, params }) {
      try {
        return await frame.request('RPC_REQUEST', { method, params, ...await target(network()) })
      } catch (error) {
        return fail(error)
      }
    },
    on: (event, listener) => void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
  }
  const solana = embeddedSolana(store, frame, AUTH_CONNECTOR_ID, fail)

  const frameUser = async (n: Network | undefined) => {
    const parsed = v.safeParse(FrameUser, await frame.request('GET_USER', { ...await target(n), preferredAccountType: preferredType(store) }))
    if (!parsed.success) throw new PosternError('Something went wrong', 'FRAME_INVALID_USER')
    return parsed.output
  }
  const solanaUser = async (n: Network) => solana.result(n, await frameUser(network()))
  const user = async (n: Network) => {
    const u = await frameUser(n)
    solana.follow(u)
    rememberLogin(u.email, u.chainId)
    applyUser(store, u)
    // AppKit keeps the frame's user, the login's provider (stored by the social flow) and the
    // account kind in the namespace's state; embeddedWalletInfo is read from them.
    const social = readStored(EMBEDDED_KEYS.connectedSocial, v.string())
    if (social && u.userName) writeStored(EMBEDDED_KEYS.socialUsername, u.userName)
    setAccountState(store, 'eip155', {
      user: { ...u }, socialProvider: social, smartAccountDeployed: !!u.smartAccountDeployed,
      preferredAccountType: u.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa',
    })
    // SPEC section 4: a failure here falls back to an empty list.
    const smart = v.safeParse(SmartNetworks, await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS').catch(() => undefined))
    writeStored(EMBEDDED_KEYS.smartAccountEnabledNetworks, smart.success ? smart.output.smartAccountEnabledNetworks.join(',') : '')
    return { address: u.address, chainId: Number(String(u.chainId).replace(/^eip155:/, '')), accounts: (u.accounts ?? [{ address: u.address, type: 'eoa' as const }]).map((a) => ({ address: a.address, type: a.type })) }
  }

  const driver: ChainAdapter = {
    namespace: 'eip155',
    setup() {},
    // The solana namespace reads the same login's user (for its eip155 network) and takes its Solana account.
    connect: (_id, n) => (n.chainNamespace === 'solana' ? solanaUser(n) : user(n)),
    async reconnect(_id, n) {
      const connected = await frame.request('IS_CONNECTED').catch(() => undefined) as { isConnected?: boolean } | undefined
      if (connected?.isConnected) return n.chainNamespace === 'solana' ? solanaUser(n) : user(n)
      clearLoginCache()
      return undefined
    },
    async disconnect() {
      frame.abort()
      await Promise.race([frame.request('SIGN_OUT').catch(() => undefined), new Promise((r) => setTimeout(r, DISCONNECT_WAIT_MS))])
      clearLoginCache()
      // As AppKit's auth connector: signing out ends every namespace it connected.
      solana.signedOut()
    },
    async switchNetwork(_id, n) {
      if (n.chainNamespace === 'solana') return
      const reply = v.safeParse(SwitchReply, await frame.request('SWITCH_NETWORK', await target(n) as { chainId: number }))
      writeStored(EMBEDDED_KEYS.lastUsedChainId, String(n.id))
      for (const l of listeners.get('chainChanged') ?? []) l(`0x${Number(n.id).toString(16)}`)
      // A network without smart accounts is served by the EOA (and back): the address follows.
      const address = reply.success ? reply.output.address : undefined
      if (address && address !== accountFor(store, 'eip155').address) {
        await followNetwork(store, frame, connector, String(n.id))
        for (const l of listeners.get('accountsChanged') ?? []) l([address])
      }
    },
    async getBalance(address, n, token) {
      const other = n.chainNamespace !== 'eip155' && store.options.adapters.find((a) => a.namespace === n.chainNamespace)
      if (other) return other.getBalance(address, n, token)
      const evm = await import('../evm/index')
      const urls = rpcUrlsFor(store, n)
      return token ? evm.getTokenBalance(urls, n, address, token) : evm.getNativeBalance(urls, n, address)
    },
    getProvider: (_id, namespace) => (namespace === 'solana' ? solana.provider : provider),
  }

  // SPEC section 2, as AppKit's handleUnsafeRPCRequest: an approval opens ApproveTransaction when the
  // modal is closed, is pushed onto a transaction stack, and otherwise shows over the current view.
  // Once answered, the modal closes, or steps back when the approval was pushed onto a stack.
  // Set when the frame's own hiding closes the modal; read by the close watch below (effects that
  // a write inside an effect wakes run after it, so a flag reset on the spot would be missed).
  let closedByFrame = false
  let showed = false
  effect(() => {
    const shown = frame.visible.value
    // Only the frame's visibility drives this: the stack is read, not followed.
    untracked(() => {
      const stacked = store.modal.stack.peek().length > 1
      if (shown) {
        showed = true
        if (!store.modal.open.peek()) void store.ui.open?.({ view: 'ApproveTransaction' })
        else if (stacked) pushView(store, 'ApproveTransaction')
      } else if (showed) {
        showed = false
        if (stacked && currentRoute(store).view === 'ApproveTransaction') goBack(store)
        else if (store.modal.open.peek()) {
          closedByFrame = !store.options.enableEmbedded
          closeModal(store, { force: true })
        }
      }
    })
  })
  // SPEC section 2: closing with an empty transaction stack rejects the open requests (not when the
  // frame itself hid its answered approval: a sent transaction may still be on its way).
  let wasOpen = store.modal.open.peek()
  effect(() => {
    const open = store.modal.open.value
    if (wasOpen && !open && !closedByFrame && store.modal.stack.peek().length < 2) frame.rejectRpcRequests()
    wasOpen = open
    closedByFrame = false
  })

  // AppKit's embeddedWalletInfo: while AUTH is the namespace's connector, from its account state.
  effect(() => {
    const account = store.accounts.byNamespace.value.eip155
    if (!account) return
    const info: EmbeddedWalletInfo | undefined = account.connectorId === AUTH_CONNECTOR_ID ? {
      user: account.user && { ...account.user, username: readStored(EMBEDDED_KEYS.socialUsername, v.string()) },
      authProvider: account.socialProvider ?? 'email',
      accountType: account.preferredAccountType,
      isSmartAccountDeployed: !!account.smartAccountDeployed,
    } : undefined
    if (JSON.stringify(info) !== JSON.stringify(account.embeddedWalletInfo)) setAccountState(store, 'eip155', { embeddedWalletInfo: info })
  })

  const connector: Connector = { id: AUTH_CONNECTOR_ID, uid: `eip155:${AUTH_CONNECTOR_ID}`, name: 'Email', type: 'AUTH', chain: 'eip155' }
  store.drivers.set(AUTH_CONNECTOR_ID, driver)
  watchAccountType(store, frame, connector, (address) => { for (const l of listeners.get('accountsChanged') ?? []) l([address]) })
  // Listed for good: an adapter that lists its own connectors again (setup, EIP-6963) keeps it.
  effect(() => {
    const listed = store.connection.connectors.value
    if (!listed.some((c) => c.uid === connector.uid)) store.connection.connectors.value = [...listed, connector]
  })
  const embedded = { frame, connector, driver, provider }
  instances.set(store, embedded)
  return embedded
}
