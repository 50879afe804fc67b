// The embedded wallet's account type on eip155 (SPEC section 3): the visitor's preference
// (stored; the site's defaultAccountTypes before any choice, smartAccount by default) goes to
// the frame, which answers with the account that serves it on this network. A change of
// preference (the Account view's switch, or setPreferredAccountType) asks the frame to switch.
import * as v from 'valibot'
import { effect } from '@preact/signals-core'
import type { Store } from '../../signals/store'
import type { Connector } from '../../types'
import { accountFor, setAccountState, type AccountType } from '../../signals/account'
import { applyConnection } from '../../signals/wallet'
import { showToast } from '../../signals/toast'
import { readStored, writeStored } from '../../utils/storage'
import { STORAGE_KEYS } from '../../utils/storage-keys'
import { EMBEDDED_KEYS } from '../../utils/embedded-keys'
import { FrameUser } from '../../utils/frame-messages'
import type { Frame } from './frame'

const Types = v.record(v.string(), v.picklist(['eoa', 'smartAccount']))
const Switched = v.object({ type: v.picklist(['eoa', 'smartAccount']), address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)) })

/** The type the frame serves now, per store: what the preference is compared with. */
const served = new WeakMap<Store, AccountType>()

/** The visitor's stored choice for eip155, else the site's default (SPEC: smartAccount). */
export function preferredType(store: Store): AccountType {
  const stored = readStored(STORAGE_KEYS.preferredAccountTypes, Types)?.['eip155']
  return stored ?? (store.options.defaultAccountTypes['eip155'] === 'eoa' ? 'eoa' : 'smartAccount')
}

function remember(type: AccountType): void {
  writeStored(STORAGE_KEYS.preferredAccountTypes, { ...readStored(STORAGE_KEYS.preferredAccountTypes, Types), eip155: type })
  writeStored(EMBEDDED_KEYS.preferredAccountType, type)
}

/** The frame's user into the namespace's state: both accounts with their types, the one in use, deployment. */
export function applyUser(store: Store, u: FrameUser): void {
  const type: AccountType = u.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'
  served.set(store, type)
  setAccountState(store, 'eip155', {
    preferredAccountType: type,
    smartAccountDeployed: !!u.smartAccountDeployed,
    allAccounts: (u.accounts ?? [{ address: u.address, type: 'eoa' as const }]).map((a) => ({ address: a.address, type: a.type })),
  })
}

/** Follows the preference while AUTH is eip155's connector: each change switches the frame's account. */
export function watchAccountType(store: Store, frame: Frame, connector: Connector, accountsChanged: (address: string) => void): void {
  let busy = false
  effect(() => {
    const account = store.accounts.byNamespace.value.eip155
    const wanted = account?.preferredAccountType
    if (busy || !account || account.connectorId !== connector.id || account.status !== 'connected' || !wanted || wanted === served.get(store)) return
    busy = true
    void frame.request('SET_PREFERRED_ACCOUNT', { type: wanted }).then(async (reply) => {
      const parsed = v.safeParse(Switched, reply)
      if (!parsed.success) throw new Error('Something went wrong')
      const { type, address } = parsed.output
      served.set(store, type)
      remember(type)
      // Same network, the other account: the address (and caipAddress) follow.
      const chainId = accountFor(store, 'eip155').caipAddress?.split(':')[1] ?? store.network.byNamespace.peek().eip155?.split(':')[1] ?? '1'
      applyConnection(store, connector, address, chainId, { activate: false })
      setAccountState(store, 'eip155', { preferredAccountType: type })
      accountsChanged(address)
      // The accounts list and deployment state as the frame now reports them.
      const user = v.safeParse(FrameUser, await frame.request('GET_USER', { preferredAccountType: type }).catch(() => undefined))
      if (user.success) applyUser(store, user.output)
    }).catch(() => {
      // SPEC section 4: a failed switch leaves the account as it was.
      setAccountState(store, 'eip155', { preferredAccountType: served.get(store) })
      showToast(store, 'error', 'account type not supported')
    }).finally(() => {
      busy = false
      // A change made meanwhile is taken up now.
      if (accountFor(store, 'eip155').preferredAccountType !== served.get(store)) setAccountState(store, 'eip155', {})
    })
  })
}

/** After a network switch that changed the serving account (no smart accounts there, or back): the address and types follow. */
export async function followNetwork(store: Store, frame: Frame, connector: Connector, chainId: string): Promise<void> {
  const user = v.safeParse(FrameUser, await frame.request('GET_USER').catch(() => undefined))
  if (!user.success) return
  applyConnection(store, connector, user.output.address, chainId, { activate: false })
  applyUser(store, user.output)
}
