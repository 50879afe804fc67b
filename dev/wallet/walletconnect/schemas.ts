import * as v from 'valibot'

/** Valibot schemas for the params of the requests the WalletConnect test wallet answers. */

export const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address'))
export const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'expected hex'))
const Quantity = v.union([Hex, v.pipe(v.number(), v.integer(), v.minValue(0))])

/** personal_sign: [message, address]; some dApps swap the two, which the handler tolerates. */
export const PersonalSignParams = v.tuple([v.string(), v.string()])

/** eth_sign: [address, 32-byte hash]. */
export const EthSignParams = v.tuple([Address, v.pipe(Hex, v.length(66, 'expected a 32-byte hash'))])

export const TypedData = v.looseObject({
  domain: v.optional(v.record(v.string(), v.unknown())),
  types: v.record(v.string(), v.array(v.object({ name: v.string(), type: v.string() }))),
  primaryType: v.string(),
  message: v.record(v.string(), v.unknown()),
})

/** eth_signTypedData_v4: [address, typed data as a JSON string or an object]. */
export const SignTypedDataParams = v.tuple([Address, v.union([v.string(), TypedData])])

export const TransactionRequest = v.looseObject({
  from: v.optional(Address),
  to: v.optional(v.nullable(Address)),
  value: v.optional(Quantity),
  data: v.optional(Hex),
  input: v.optional(Hex),
  gas: v.optional(Quantity),
  gasPrice: v.optional(Quantity),
  maxFeePerGas: v.optional(Quantity),
  maxPriorityFeePerGas: v.optional(Quantity),
  nonce: v.optional(Quantity),
})
export type TransactionRequest = v.InferOutput<typeof TransactionRequest>

export const SendTransactionParams = v.tuple([TransactionRequest])

export const SwitchChainParams = v.tuple([v.looseObject({ chainId: Hex })])

export const AddChainParams = v.tuple([
  v.looseObject({
    chainId: Hex,
    rpcUrls: v.optional(v.array(v.pipe(v.string(), v.url()))),
    chainName: v.optional(v.string()),
  }),
])

/** CAIP-2 eip155 chain id of a request, e.g. "eip155:137". */
export const Eip155ChainId = v.pipe(v.string(), v.regex(/^eip155:\d+$/, 'expected an eip155 chain id'))
