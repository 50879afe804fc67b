// Postern's TRON test wallet for the browser: TronLink's injected objects (window.tron with
// TIP-1193's request and events, window.tronLink, window.tronWeb with trx.sign and
// trx.signMessageV2) over the local node's demo keys. TronLink's own wallet adapter
// (@tronweb3/tronwallet-adapter-tronlink) drives it as it drives TronLink. Bundled by ../index.ts.
import { hexToBytes, isBase58Address, signDigest, signMessageV2, toHexAddress, transactionId, addressOf } from '../../../tron/crypto.ts'

export interface TronTestWalletOptions {
  privateKeys: string[]
  accountIndex?: number
  /** The node's HTTP API, as tronWeb.fullNode.host. */
  nodeUrl: string
}

export interface TronWalletRequest {
  method: string
  outcome: 'approved' | 'rejected' | 'invalid'
  detail?: string
}

type Listener = (data: unknown) => void
const STORAGE_KEY = 'postern-tron-test-wallet:authorized'

function install(options: TronTestWalletOptions) {
  const keys = options.privateKeys.map((key) => ({ key, address: addressOf(key) }))
  let current = keys[options.accountIndex ?? 0]
  if (!current) throw new TypeError('PosternTronTestWallet: accountIndex is outside privateKeys')
  let policy: 'approve' | 'reject' = 'approve'
  const requests: TronWalletRequest[] = []
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, data: unknown) => listeners.get(event)?.forEach((l) => l(data))
  const rejected = () => Object.assign(new Error('Confirmation declined by user'), { code: 4001 })

  /** The person in front of the wallet: approves or declines, and every request is logged. */
  const confirm = (method: string, detail?: string) => {
    requests.push({ method, outcome: policy === 'approve' ? 'approved' : 'rejected', ...(detail ? { detail } : {}) })
    if (policy === 'reject') throw rejected()
  }
  const invalid = (method: string, reason: string) => {
    requests.push({ method, outcome: 'invalid', detail: reason })
    return new Error(reason)
  }

  const tronWeb = {
    ready: true,
    get defaultAddress() {
      return { base58: current!.address, hex: toHexAddress(current!.address) }
    },
    fullNode: { host: options.nodeUrl },
    trx: {
      /** Signs the transaction's id, once it is the hash of the raw data and the sender is this account. */
      async sign(transaction: Record<string, unknown>) {
        const raw = transaction?.['raw_data'] as { contract?: { parameter?: { value?: { owner_address?: unknown } } }[] } | undefined
        const rawHex = transaction?.['raw_data_hex']
        const txID = transaction?.['txID']
        if (typeof rawHex !== 'string' || typeof txID !== 'string' || transactionId(rawHex.toLowerCase()) !== txID.toLowerCase()) throw invalid('sign', 'txID is not the hash of raw_data_hex')
        const owner = raw?.contract?.[0]?.parameter?.value?.owner_address
        const ownerHex = isBase58Address(owner) ? toHexAddress(owner) : typeof owner === 'string' ? owner.toLowerCase() : ''
        if (ownerHex !== toHexAddress(current!.address)) throw invalid('sign', 'the transaction is not from this account')
        confirm('sign', txID)
        const signature = signDigest(hexToBytes(txID), current!.key)
        return { ...structuredClone(transaction), signature: [...((transaction['signature'] as string[] | undefined) ?? []), signature] }
      },
      async signMessageV2(message: unknown) {
        if (typeof message !== 'string') throw invalid('signMessageV2', 'message must be a string')
        confirm('signMessageV2', message)
        return signMessageV2(message, current!.key)
      },
      async getBlockByNumber(num: number) {
        const response = await fetch(`${options.nodeUrl}/wallet/getblockbynum`, { method: 'POST', body: JSON.stringify({ num }) })
        return response.json()
      },
    },
  }

  const authorized = () => localStorage.getItem(STORAGE_KEY) === current!.address
  const tron = {
    isTronLink: true,
    // TronLink hands the site its tronWeb once the site is authorised.
    get tronWeb() {
      return authorized() ? tronWeb : false
    },
    async request({ method }: { method: string; params?: unknown }) {
      if (method === 'eth_requestAccounts' || method === 'tron_requestAccounts') {
        if (!authorized()) {
          confirm(method)
          localStorage.setItem(STORAGE_KEY, current!.address)
        }
        return [current!.address]
      }
      if (method === 'wallet_switchEthereumChain') return null
      throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const tronLink = {
    get ready() {
      return authorized()
    },
    get tronWeb() {
      return authorized() ? tronWeb : false
    },
    request: async (args: { method: string }) => (await tron.request(args), { code: 200, message: 'The site is already in the whitelist' }),
  }
  Object.assign(window, { tron, tronLink, tronWeb })
  return {
    get address() {
      return current!.address
    },
    requests,
    setPolicy(next: 'approve' | 'reject') {
      policy = next
    },
    /** The person picks another account in the wallet. */
    switchAccount(index: number) {
      const next = keys[index]
      if (!next) throw new TypeError('switchAccount: no such account')
      current = next
      if (localStorage.getItem(STORAGE_KEY)) localStorage.setItem(STORAGE_KEY, current.address)
      emit('accountsChanged', [current.address])
    },
    /** The person disconnects the site in the wallet. */
    revoke() {
      localStorage.removeItem(STORAGE_KEY)
      emit('accountsChanged', [])
    },
  }
}

declare global {
  interface Window {
    PosternTronTestWallet?: { install: typeof install; wallet?: ReturnType<typeof install> }
  }
}

if (!window.PosternTronTestWallet) {
  const api: NonNullable<Window['PosternTronTestWallet']> = {
    install: (options) => (api.wallet ??= install(options)),
  }
  window.PosternTronTestWallet = api
}
