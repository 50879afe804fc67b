import type { Store } from './store'
import type { ChainAdapter, ChainNamespace, ConnectResult, Connector, Network } from '../types'
import { toCaipAddress } from '../utils/caip'
import { isUserRejected, PosternError } from '../utils/errors'
import * as v from 'valibot'
import { readStored, removeStored, writeStored } from '../utils/storage'
import { STORAGE_KEYS } from '../utils/storage-keys'
import { accountFor, resetAccount, setAccountState } from './account'
import { emitEvent } from './events'
import { findNetwork } from './network'
import { showToast } from './toast'
import { refreshProfile } from './profile'

export function adapterFor(store: Store, namespace: ChainNamespace) {
  const adapter = store.options.adapters.find((a) => a.namespace === namespace)
  if (!adapter) throw new PosternError('Chain adapter not found', 'ADAPTER_NOT_FOUND')
  return adapter
}

/**
 * What drives a live connection: a driver registered for the connector id (WalletConnect
 * registers one that serves every namespace of its session), else the namespace's adapter.
 */
export function driverFor(store: Store, namespace: ChainNamespace, connectorId?: string): ChainAdapter {
  return (connectorId && store.drivers.get(connectorId)) || adapterFor(store, namespace)
}

function networkIn(store: Store, namespace: ChainNamespace): Network {
  const chosen = store.network.byNamespace.peek()[namespace]
  const networks = store.network.networks.peek()
  const network = (chosen && findNetwork(networks, chosen)) ?? networks.find((n) => n.chainNamespace === namespace)
  if (!network) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
  return network
}

/** Records a live connection in the per-namespace state and makes that namespace active. */
export function applyConnection(
  store: Store,
  connector: Connector,
  address: string,
  chainId: string | number,
  { activate = true } = {},
): void {
  const namespace = connector.chain
  const network = findNetwork(store.network.networks.peek(), chainId, namespace)
  const caipNetworkId = network?.caipNetworkId ?? `${namespace}:${chainId}`
  if (network) store.network.byNamespace.value = { ...store.network.byNamespace.peek(), [namespace]: network.caipNetworkId }
  if (activate) {
    store.network.unsupported.value = !network
    if (network) {
      store.network.activeCaipNetworkId.value = network.caipNetworkId
      writeStored(STORAGE_KEYS.activeCaipNetworkId, network.caipNetworkId)
    }
    store.network.activeNamespace.value = namespace
    store.connection.activeConnectorUid.value = connector.uid
  }
  const explorer = network?.blockExplorers?.default.url
  setAccountState(store, namespace, {
    status: 'connected',
    address,
    caipAddress: toCaipAddress(caipNetworkId as `${string}:${string}`, address),
    connectorId: connector.id,
    connectedWalletInfo: { name: connector.name, icon: connector.imageUrl },
    // Solana explorers name the page 'account'; EVM ones 'address'.
    addressExplorerUrl: explorer ? `${explorer.replace(/\/$/, '')}/${namespace === 'solana' ? 'account' : 'address'}/${address}` : undefined,
  })
  const connections = new Map(store.connection.connections.peek())
  connections.set(connector.uid, { connectorId: connector.id, namespace, accounts: [{ address }], chainId })
  store.connection.connections.value = connections
  store.connection.status.value = 'connected'
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  removeStored(STORAGE_KEYS.disconnected)
}

/** A wallet with accounts of several purposes (bip122: payment and ordinal) lists them all in allAccounts. */
export function applyPurposeAccounts(store: Store, namespace: ChainNamespace, result: Pick<ConnectResult, 'accounts'>): void {
  if (result.accounts?.some((a) => a.type === 'payment' || a.type === 'ordinal')) setAccountState(store, namespace, { allAccounts: result.accounts })
}

/** Connects through the connector's adapter; rethrows so the view can show rejected or error. */
export async function connectWallet(store: Store, connector: Connector): Promise<void> {
  await store.ui.start?.() // a connect made at once after createAppKit waits on the adapters' start
  const adapter = driverFor(store, connector.chain, connector.id)
  const previous = store.connection.status.peek()
  // AppKit's external connecting view announces the wallet it opens.
  emitEvent(store, 'SELECT_WALLET', { name: connector.name, platform: 'browser', view: store.modal.stack.peek().at(-1)?.view })
  store.connection.status.value = 'connecting'
  try {
    const result = await adapter.connect(connector.id, networkIn(store, connector.chain))
    applyConnection(store, connector, result.address, result.chainId)
    applyPurposeAccounts(store, connector.chain, result)
    writeStored(STORAGE_KEYS.recentConnectorId, connector.id)
    rememberRequestedChains(store, connector)
    emitEvent(store, 'CONNECT_SUCCESS', { method: 'browser', name: connector.name })
    void refreshBalance(store, connector.chain)
    void refreshProfile(store, connector.chain)
  } catch (error) {
    store.connection.status.value = previous === 'connected' ? 'connected' : 'disconnected'
    // As AppKit's external connecting view: a refusal is USER_REJECTED, anything else CONNECT_ERROR.
    if (isUserRejected(error)) emitEvent(store, 'USER_REJECTED', { message: String((error as Error)?.message ?? 'user rejected') })
    else emitEvent(store, 'CONNECT_ERROR', { message: String((error as Error)?.message) })
    throw error
  }
}

const RequestedChainsSchema = v.record(v.string(), v.array(v.string()))

/** SPEC section 3: which networks were asked of each connector, kept per connector id. */
function rememberRequestedChains(store: Store, connector: Connector): void {
  const all = readStored(STORAGE_KEYS.requestedChains, RequestedChainsSchema) ?? {}
  const ids = store.network.networks.peek().filter((n) => n.chainNamespace === connector.chain).map((n) => n.caipNetworkId)
  writeStored(STORAGE_KEYS.requestedChains, { ...all, [connector.id]: ids })
}

/** Disconnects one namespace (or the active one); falls back to another live connection. */
export async function disconnectWallet(store: Store, namespace?: ChainNamespace): Promise<void> {
  await store.ui.start?.()
  const target = namespace ?? store.network.activeNamespace.peek()
  const account = accountFor(store, target)
  if (!account.connectorId) return
  // AppKit's public state is loading while the wallet disconnects: subscribeState calls back then.
  store.modal.loading.value = true
  try {
    await driverFor(store, target, account.connectorId).disconnect(account.connectorId)
  } catch (error) {
    store.modal.loading.value = false
    showToast(store, 'error', 'Failed to disconnect')
    emitEvent(store, 'DISCONNECT_ERROR', { message: String((error as Error)?.message) })
    throw new PosternError('Failed to disconnect', 'DISCONNECT_ERROR', { cause: error })
  }
  forgetConnection(store, target)
  store.modal.loading.value = false
  emitEvent(store, 'DISCONNECT_SUCCESS')
}

/**
 * Drops a namespace's connection from state, e.g. after the wallet itself disconnected.
 * `remember` records a deliberate disconnect, so the next visit does not reconnect silently.
 */
export function forgetConnection(store: Store, namespace: ChainNamespace, { remember = true } = {}): void {
  resetAccount(store, namespace)
  const connections = new Map(store.connection.connections.peek())
  for (const [uid, connection] of connections) if (connection.namespace === namespace) connections.delete(uid)
  store.connection.connections.value = connections
  const next = connections.values().next().value
  if (next) {
    store.network.activeNamespace.value = next.namespace as ChainNamespace
    const caip = store.network.byNamespace.peek()[next.namespace as ChainNamespace]
    if (caip) store.network.activeCaipNetworkId.value = caip
  } else if (Object.values(store.accounts.byNamespace.peek()).some((a) => a?.status === 'connecting')) {
    // another namespace is still being restored: the overall status waits for it
  } else {
    store.connection.status.value = 'disconnected'
    store.connection.activeConnectorUid.value = undefined
    writeStored(STORAGE_KEYS.connectionStatus, 'disconnected')
    if (remember) writeStored(STORAGE_KEYS.disconnected, true)
  }
}

/** Switches network: through the wallet when one is connected in that namespace, else locally. */
export async function switchNetwork(store: Store, network: Network): Promise<void> {
  await store.ui.start?.()
  // A missing network (an example's networks[1] of a one-network list) is refused as an unknown one, not a TypeError.
  const known = network && findNetwork(store.network.networks.peek(), network.caipNetworkId ?? network.id, network.chainNamespace)
  if (!known) throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN')
  const account = accountFor(store, known.chainNamespace)
  if (account.connectorId && account.address) {
    await driverFor(store, known.chainNamespace, account.connectorId).switchNetwork(account.connectorId, known)
    // The wallet may have given other accounts on the new network (bip122: its addresses are per network).
    const address = accountFor(store, known.chainNamespace).address ?? account.address
    setAccountState(store, known.chainNamespace, {
      address,
      caipAddress: toCaipAddress(known.caipNetworkId, address),
      balance: undefined,
    })
  }
  store.network.byNamespace.value = { ...store.network.byNamespace.peek(), [known.chainNamespace]: known.caipNetworkId }
  store.network.activeCaipNetworkId.value = known.caipNetworkId
  store.network.activeNamespace.value = known.chainNamespace
  store.network.unsupported.value = false
  writeStored(STORAGE_KEYS.activeCaipNetworkId, known.caipNetworkId)
  emitEvent(store, 'SWITCH_NETWORK', { network: known.caipNetworkId })
  if (account.address) void refreshBalance(store, known.chainNamespace)
}

/** SPEC section 9: native balances are cached 30 s, and a failure locks retries for 30 s. */
export const BALANCE_CACHE_MS = 30_000

/** Reads the native balance through the adapter; failure shows the spec's message and 0.000. */
export async function refreshBalance(store: Store, namespace: ChainNamespace, { force = false } = {}): Promise<void> {
  const account = accountFor(store, namespace)
  if (!account.address || !account.caipAddress) return
  const key = account.caipAddress
  const { balances } = store.accounts
  const cached = balances.get(key)
  const now = Date.now()
  if (cached && !force && now - cached.at < BALANCE_CACHE_MS) {
    if (cached.failed) return setAccountState(store, namespace, { balance: undefined, balanceError: true, balanceLoading: false })
    return setAccountState(store, namespace, { balance: cached.balance, balanceSymbol: cached.symbol, balanceError: false })
  }
  setAccountState(store, namespace, { balanceLoading: true })
  try {
    const network = networkIn(store, namespace)
    // AppKit's `tokens` option: the account shows this token's balance on this network instead of the native one.
    const token = store.options.tokens?.[network.caipNetworkId]?.address
    const { balance, symbol } = await driverFor(store, namespace, account.connectorId).getBalance(account.address, network, token)
    balances.set(key, { balance, symbol, at: Date.now() })
    if (accountFor(store, namespace).caipAddress !== key) return // the account moved on meanwhile
    setAccountState(store, namespace, { balance, balanceSymbol: symbol, balanceError: false, balanceLoading: false })
  } catch {
    balances.set(key, { failed: true, at: Date.now() })
    if (accountFor(store, namespace).caipAddress !== key) return
    setAccountState(store, namespace, { balance: undefined, balanceError: true, balanceLoading: false })
    showToast(store, 'error', 'Token Balance Unavailable')
    // The retry the lock allows: when it ends, read again if the same account is still there.
    const retry = setTimeout(() => accountFor(store, namespace).caipAddress === key && void refreshBalance(store, namespace), BALANCE_CACHE_MS)
    ;(retry as { unref?: () => void }).unref?.() // in Node (tests, servers) it must not keep the process alive
  }
}

/**
 * AppKit's updateNativeBalance(address, chainId, namespace): reads the balance through the
 * namespace's adapter (the `tokens` option's token where set) and sets it on the account.
 */
export async function updateNativeBalance(store: Store, address: string, chainId: string | number, namespace: ChainNamespace) {
  await store.ui.start?.() // the adapter reads through the context its start gave it
  const network = findNetwork(store.network.networks.peek(), chainId, namespace)
  const connectorId = accountFor(store, namespace).connectorId
  const driver = (connectorId && store.drivers.get(connectorId)) || store.options.adapters.find((a) => a.namespace === namespace)
  if (!driver || !network) return undefined
  const result = await driver.getBalance(address, network!, store.options.tokens?.[network!.caipNetworkId]?.address)
  setAccountState(store, namespace, { balance: result.balance, balanceSymbol: result.symbol })
  return result
}
