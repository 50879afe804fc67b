import * as v from 'valibot'
import { getAddress } from 'viem'
import { HttpError, parse } from '../http.ts'
import { createSession, onrampOptions, onrampQuote, PAY_CHAINS, SOLANA_PAY_CHAIN } from '../onramp.ts'
import { isSolanaAddress, solanaOnrampAssets } from '../onramp-solana.ts'
import { priceTable } from '../prices.ts'
import { redirectAllowed, sandboxSellsOn } from '../onramp-sandbox.ts'
import { reasons } from '../reasons.ts'
import type { Route } from '../router.ts'
import { EvmAddress } from '../schemas.ts'
import type { ServerState } from '../state.ts'

const Amount = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}(\.\d{1,18})?$/, 'must be a decimal number'), v.transform(Number))], 'must be a number'),
  v.minValue(0.000001, 'must be above 0'),
  v.maxValue(1_000_000, 'is too large'),
)
const QuoteBody = v.object({
  purchaseCurrency: v.looseObject({ id: v.optional(v.string()), symbol: v.optional(v.string()) }),
  paymentCurrency: v.looseObject({ id: v.picklist(['USD', 'EUR'], 'must be USD or EUR') }),
  amount: Amount,
  network: v.pipe(v.string(), v.maxLength(64)),
})
const UrlBody = v.object({
  destinationWallets: v.pipe(v.array(v.object({ address: v.pipe(v.string(), v.maxLength(64, 'is too long')), blockchains: v.optional(v.array(v.string())), assets: v.optional(v.array(v.string())) })), v.minLength(1, 'needs a wallet')),
  defaultNetwork: v.optional(v.string()),
  partnerUserId: v.pipe(v.string(), v.maxLength(200)),
  defaultExperience: v.optional(v.picklist(['buy', 'send'])),
  presetCryptoAmount: v.optional(Amount),
  presetFiatAmount: v.optional(Amount),
  /** Where the sandbox page returns when the purchase is done (an addition to the hosted shape). */
  redirectUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:/, 'must be http(s)'))),
})

/** A chain name ('ethereum', 'polygon', 'eip155-137') or chain id of a chain this server serves. */
function servedChain(state: ServerState, name: string) {
  const id = PAY_CHAINS[name] ?? Number(/^(?:eip155-)?(\d+)$/.exec(name)?.[1])
  return state.evm.find((c) => c.chainId === id)
}

type Currency = Awaited<ReturnType<typeof onrampOptions>>['purchaseCurrencies'][number]
type Network = Currency['networks'][number]

async function onSolana(state: ServerState, currency: Currency) {
  const solana = (await solanaOnrampAssets(state)).find((a) => a.symbol === currency.symbol)
  return solana && { currency, namespace: 'solana' as const, chain: undefined, solana }
}

function onChain(state: ServerState, currency: Currency, network: Network) {
  const chain = state.evm.find((c) => c.chainId === Number(network.chain_id))
  return chain && { currency, namespace: 'eip155' as const, chain, solana: undefined }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The options' purchase currency with that id or symbol, and the network it is bought on: the
 * one named (a chain name such as 'ethereum', 'eip155-137', a chain id, 'solana', or a network
 * name of the currency's entry); when the name is the currency's own symbol, as AppKit 1.8's
 * quote sends it ('ETH', 'POL', 'SOL'), the first network it is sold on. None named is ethereum.
 */
async function purchasable(state: ServerState, asset: string, network = 'ethereum') {
  const currency = (await onrampOptions(state)).purchaseCurrencies.find((c) => same(c.id, asset) || same(c.symbol, asset))
  if (!currency) return undefined
  const chainId = servedChain(state, network)?.chainId
  const ownSymbol = same(network, currency.symbol) || same(network, currency.id)
  const candidates = currency.networks.filter((n) => ownSymbol || Number(n.chain_id) === chainId || same(n.name, network) || same(n.display_name, network))
  for (const n of candidates) {
    const found = n.name === SOLANA_PAY_CHAIN ? await onSolana(state, currency) : onChain(state, currency, n)
    if (found) return found
  }
  return undefined
}

export const onrampRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/onramp\/options$/,
    access: 'query',
    handle: async ({ state }) => ({ json: await onrampOptions(state) }),
  },
  {
    method: 'POST',
    path: /^\/v1\/onramp\/quote$/,
    access: 'query',
    async handle({ state, body }) {
      const b = parse(QuoteBody, body, 'body')
      const found = await purchasable(state, b.purchaseCurrency.symbol ?? b.purchaseCurrency.id ?? '', b.network)
      if (!found) return reasons(400, `No ${b.purchaseCurrency.symbol ?? b.purchaseCurrency.id} on network ${b.network}`, 'unsupported_asset')
      const price = await priceTable(state.db)
      return { json: onrampQuote(b.amount, b.paymentCurrency.id, found.currency.symbol, price(found.currency.symbol)) }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/generators\/onrampurl$/,
    access: 'query',
    async handle({ state, body, query }) {
      if (!state.onrampSandboxUrl) throw new HttpError(503, 'The onramp sandbox is not running')
      const b = parse(UrlBody, body, 'body')
      const wallet = b.destinationWallets[0]!
      const network = b.defaultNetwork ?? wallet.blockchains?.[0]
      const asset = wallet.assets?.[0] ?? 'USDC'
      const found = await purchasable(state, asset, network)
      if (!found) return reasons(400, `No ${asset} on network ${network ?? 'ethereum'}`, 'unsupported_asset')
      if (found.chain && !(await sandboxSellsOn(found.chain))) return reasons(400, `network: ${network ?? 'ethereum'} is not a development chain; the sandbox sells only there`, 'unsupported_network')
      if (b.redirectUrl && !redirectAllowed(state, query['projectId'] ?? '', b.redirectUrl)) return reasons(400, `redirectUrl: ${new URL(b.redirectUrl).origin} is not an allowed origin of the project`, 'invalid_redirect')
      const evm = v.safeParse(EvmAddress, wallet.address)
      if (found.namespace === 'eip155' ? !evm.success : !isSolanaAddress(wallet.address)) return reasons(400, `destinationWallets[0].address: not an address on ${network ?? 'ethereum'}`, 'invalid_address')
      const price = (await priceTable(state.db))(found.currency.symbol)
      const fiat = b.presetFiatAmount ?? (b.presetCryptoAmount !== undefined ? b.presetCryptoAmount * price : 100)
      const quote = onrampQuote(fiat, 'USD', found.currency.symbol, price)
      const crypto = b.presetCryptoAmount !== undefined ? b.presetCryptoAmount.toFixed(6) : quote.purchaseAmount.amount
      const id = await createSession(state.db, {
        project_id: query['projectId'] ?? '',
        address: found.namespace === 'eip155' ? getAddress(wallet.address) : wallet.address,
        namespace: found.namespace,
        chain_id: found.chain?.chainId ?? null,
        asset: found.currency.symbol,
        fiat_amount: fiat.toFixed(2),
        fiat_currency: 'USD',
        crypto_amount: crypto,
        redirect_url: b.redirectUrl ?? null,
      })
      return { json: { url: `${state.onrampSandboxUrl}/buy?session=${id}` } }
    },
  },
]
