import * as v from 'valibot'
import { getAddress, type Address, type Hex } from 'viem'
import { fixtures } from '../fixtures.ts'
import { parse } from '../http.ts'
import { chainIdOfCoinType, FullName, insertName, MESSAGE_MAX_AGE_S, NAME_ZONE, nameByName, NameLabel, nameRecord, namesOf, verifySignature } from '../names.ts'
import { reasons } from '../reasons.ts'
import type { Route } from '../router.ts'
import { EvmAddress, SdkQuery } from '../schemas.ts'

const ApiVersion = { apiVersion: v.optional(v.picklist(['2'], 'must be 2')) }
const Label = v.pipe(v.string(), v.maxLength(80, 'is too long'), v.regex(/^[a-zA-Z0-9-]+$/, 'may contain only letters, digits and hyphens'))

/** What the signed message must hold (SPEC section 3, name-registration payload). */
const Message = v.object({
  name: v.string(),
  attributes: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(500))), {}),
  timestamp: v.pipe(v.number(), v.integer()),
})
const Body = v.object({
  coin_type: v.pipe(v.number(), v.integer(), v.minValue(0)),
  address: EvmAddress,
  message: v.pipe(v.string(), v.maxLength(4000, 'is too long')),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130,}$/, 'must be a hex signature')),
})

/** Variants offered beside the name asked for, as the hosted service does. */
const variants = (label: string) => [label, `${label}-wallet`, `${label}-web3`, `the-${label}`, `${label}${String(label.length * 7 % 90 + 10)}`]

export const nameRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/profile\/account\/(?<name>[^/]+)$/,
    access: 'query',
    async handle({ state, params, query }) {
      parse(v.object({ ...SdkQuery, ...ApiVersion }), query, 'query')
      const { name } = parse(v.object({ name: v.pipe(v.string(), v.maxLength(100, 'is too long')) }), params, 'path')
      const row = await nameByName(state.db, name)
      if (!row) return reasons(404, `Name ${name.toLowerCase()} is not registered`, 'not_found')
      return { json: nameRecord(row) }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/profile\/reverse\/(?<address>[^/]+)$/,
    access: 'query',
    async handle({ state, params, query }) {
      parse(v.object({ ...SdkQuery, ...ApiVersion, sender: v.optional(EvmAddress) }), query, 'query')
      const { address } = parse(v.object({ address: EvmAddress }), params, 'path')
      const rows = (await namesOf(state.db, address)).map(nameRecord)
      // The fixture's names (the demo account's) answer too, after the registered ones.
      const fixed = Object.entries(fixtures().names).filter(([a]) => a.toLowerCase() === address.toLowerCase())
      const fromFixture = fixed.map(([a, n]) => ({ name: n.name, registered_at: new Date(0).toISOString(), addresses: { '60': { address: a, created: new Date(0).toISOString() } }, attributes: [] }))
      return { json: [...rows, ...fromFixture] }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/profile\/suggestions\/(?<name>[^/]+)$/,
    access: 'query',
    async handle({ state, params, query }) {
      parse(v.object({ ...SdkQuery, zone: v.optional(v.literal(NAME_ZONE, `must be ${NAME_ZONE}`), NAME_ZONE) }), query, 'query')
      const { name } = parse(v.object({ name: Label }), params, 'path')
      const label = name.toLowerCase().replace(new RegExp(`\\.${NAME_ZONE.replace('.', '\\.')}$`), '')
      const names = variants(label).filter((l) => v.is(NameLabel, l)).map((l) => `${l}.${NAME_ZONE}`)
      const taken = await Promise.all(names.map((n) => nameByName(state.db, n)))
      return { json: { suggestions: names.map((n, i) => ({ name: n, registered: !!taken[i] })) } }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/profile\/account$/,
    access: 'query',
    maxBody: 32 * 1024,
    async handle({ state, body }) {
      const b = parse(Body, body, 'body')
      let json: unknown
      try {
        json = JSON.parse(b.message)
      } catch {
        return reasons(400, 'message: must be JSON { name, attributes, timestamp }', 'invalid_message')
      }
      const message = v.safeParse(Message, json)
      if (!message.success) return reasons(400, `message.${v.getDotPath(message.issues[0]) ?? ''}: ${message.issues[0].message}`, 'invalid_message')
      const name = v.safeParse(FullName, message.output.name)
      if (!name.success) return reasons(400, `Invalid name: ${name.issues[0].message}`, 'invalid_name')
      const chainId = chainIdOfCoinType(b.coin_type)
      if (!chainId) return reasons(400, 'coin_type: must be an EVM coin type (0x80000000 OR chain id)', 'invalid_coin_type')
      const age = Math.floor(Date.now() / 1000) - message.output.timestamp
      if (age > MESSAGE_MAX_AGE_S || age < -60) return reasons(400, 'The signed message has expired: sign a new one', 'stale_timestamp')
      const address = getAddress(b.address) as Address
      const chain = state.evm.find((c) => c.chainId === chainId)
      if (!(await verifySignature(chain, address, b.message, b.signature as Hex))) return reasons(401, 'Invalid signature for this address', 'invalid_signature')
      const stored = await insertName(state.db, { name: name.output, address, coin_type: b.coin_type, attributes: JSON.stringify(message.output.attributes), registered_at: Date.now() })
      if (!stored) return reasons(409, `Name ${name.output} is already registered`, 'name_taken')
      return { json: { success: true } }
    },
  },
]
