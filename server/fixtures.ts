import { readFileSync } from 'node:fs'
import * as v from 'valibot'

// Fixture files are data; they are checked once at load so a bad edit fails loudly.
function load<const S extends v.GenericSchema>(file: string, schema: S): v.InferOutput<S> {
  const data: unknown = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8'))
  const result = v.safeParse(schema, data)
  if (!result.success) throw new Error(`server/fixtures/${file}: ${v.getDotPath(result.issues[0]) ?? ''} ${result.issues[0].message}`)
  return result.output
}

const Link = v.nullable(v.string())

export const WalletSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  name: v.string(),
  homepage: v.string(),
  image_id: v.string(),
  order: v.number(),
  mobile_link: Link,
  desktop_link: Link,
  webapp_link: Link,
  app_store: Link,
  play_store: Link,
  chrome_store: Link,
  rdns: Link,
  injected: v.nullable(v.array(v.object({ namespace: v.string(), injected_id: v.string() }))),
  chains: v.array(v.string()),
  badge_type: v.picklist(['none', 'certified']),
})
export type Wallet = v.InferOutput<typeof WalletSchema>

const Currency = v.object({ name: v.string(), symbol: v.string(), decimals: v.number() })

const NetworksSchema = v.object({
  eip155: v.record(v.string(), Currency),
  solana: v.object({
    native: Currency,
    tokens: v.record(v.string(), v.object({ name: v.string(), symbol: v.string() })),
  }),
})

const NamesSchema = v.record(v.string(), v.object({ name: v.string(), avatar: v.nullable(v.string()) }))

let cache: { wallets: Wallet[]; networks: v.InferOutput<typeof NetworksSchema>; names: v.InferOutput<typeof NamesSchema> } | undefined

export function fixtures() {
  cache ??= {
    wallets: load('wallets.json', v.array(WalletSchema)),
    networks: load('networks.json', NetworksSchema),
    names: load('names.json', NamesSchema),
  }
  return cache
}

/** Native currency of an EVM chain id (falls back to Ether). */
export function nativeCurrency(chainId: number) {
  const n = fixtures().networks.eip155
  return n[String(chainId)] ?? n['default'] ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
}
