// Smart accounts in the secure site (SPEC section 3): which networks have them (the auth service
// says; any failure means none), the user's preferred type, and for each chain the smart account
// owned by the embedded key, its address known before it is deployed.
import * as v from 'valibot'
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createBundlerClient, type BundlerClient, type SmartAccount } from 'viem/account-abstraction'
import { toPosternSmartAccount } from './smart-account'
import type { SecureConfig } from './config'

export type AccountType = 'eoa' | 'smartAccount'

const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const SmartConfig = v.object({
  smartAccountEnabledNetworks: v.array(v.pipe(v.number(), v.integer())),
  factory: v.optional(Address),
  bundlerUrls: v.optional(v.record(v.string(), v.pipe(v.string(), v.url()))),
})
type SmartConfig = v.InferOutput<typeof SmartConfig>

export interface SmartChain { account: SmartAccount; client: PublicClient; bundler: BundlerClient; chainId: number }

export function createSmart(config: SecureConfig) {
  let settings: Promise<SmartConfig> | undefined
  /** The user's choice; the network decides whether a smart account can serve it. */
  let preferred: AccountType = 'smartAccount'
  const chains = new Map<string, Promise<SmartChain>>()

  const load = (): Promise<SmartConfig> => (settings ??= fetch(`${config.authUrl}/auth/v1/smart-accounts?projectId=${encodeURIComponent(config.projectId)}&st=postern&sv=secure`)
    .then(async (res) => {
      const parsed = v.safeParse(SmartConfig, await res.json())
      if (!res.ok || !parsed.success) throw new Error('bad reply')
      return parsed.output
    })
    // SPEC section 4: a failure falls back to an empty list (every network EOA only); asked again next time.
    .catch((): SmartConfig => ((settings = undefined), { smartAccountEnabledNetworks: [] })))

  async function enabled(chainId: number): Promise<boolean> {
    const s = await load()
    return s.smartAccountEnabledNetworks.includes(chainId) && !!s.factory && !!s.bundlerUrls?.[`eip155:${chainId}`]
  }

  /** The smart account of this owner on this chain, with clients for its chain and bundler. */
  async function smartChain(owner: PrivateKeyAccount, chainId: number, rpcUrl: string | undefined): Promise<SmartChain> {
    const key = `${owner.address}:${chainId}:${rpcUrl}`
    let entry = chains.get(key)
    if (!entry) {
      entry = (async () => {
        const s = await load()
        const bundlerUrl = s.bundlerUrls?.[`eip155:${chainId}`]
        if (!s.factory || !bundlerUrl || !rpcUrl) throw new Error('account type not supported')
        const chain = defineChain({ id: chainId, name: `eip155:${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
        const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient
        const account = await toPosternSmartAccount({ client, owner, factory: s.factory as `0x${string}`, chainId })
        await account.getAddress()
        const bundler = createBundlerClient({ account, client, chain, transport: http(bundlerUrl, { retryCount: 1 }) })
        return { account, client, bundler, chainId }
      })()
      entry.catch(() => chains.delete(key))
      chains.set(key, entry)
    }
    return entry
  }

  return {
    networks: async () => (await load()).smartAccountEnabledNetworks,
    enabled,
    get preferred() { return preferred },
    setPreferred(type: string | undefined) {
      if (type === 'eoa' || type === 'smartAccount') preferred = type
    },
    /** The type that serves this chain now: the preferred one where the network allows it. */
    async typeFor(chainId: number): Promise<AccountType> {
      return preferred === 'smartAccount' && (await enabled(chainId)) ? 'smartAccount' : 'eoa'
    },
    smartChain,
    /** The user payload's account part (SPEC section 3): address of the type in use, both accounts, deployment. */
    async describe(owner: PrivateKeyAccount, chainId: number, rpcUrl: string | undefined) {
      const eoa = { address: owner.address, type: 'eoa' as const }
      if (!(await enabled(chainId)) || !rpcUrl) return { address: owner.address, accounts: [eoa], preferredAccountType: 'eoa' as AccountType, smartAccountDeployed: false }
      const sc = await smartChain(owner, chainId, rpcUrl)
      const smartAddress = await sc.account.getAddress()
      const type = preferred
      return {
        address: type === 'smartAccount' ? smartAddress : owner.address,
        accounts: type === 'smartAccount' ? [{ address: smartAddress, type }, eoa] : [eoa, { address: smartAddress, type: 'smartAccount' as const }],
        preferredAccountType: type,
        smartAccountDeployed: await sc.account.isDeployed(),
      }
    },
  }
}
export type Smart = ReturnType<typeof createSmart>
