// AppKit's request check for grantPermissions (its zod schema, here valibot), with its messages:
// a bad request fails before anything reaches the wallet.
import * as v from 'valibot'
import type { SmartSessionGrantPermissionsRequest } from './types'

export const ERROR_MESSAGES = {
  UNSUPPORTED_NAMESPACE: 'Unsupported namespace',
  NO_RESPONSE_RECEIVED: 'No response received from grantPermissions',
  INVALID_CHAIN_ID_FORMAT: 'Invalid chainId: must start with "0x"',
  INVALID_CHAIN_ID_DATA: 'Invalid chainId format: Must be a hexadecimal string starting with "0x"',
  INVALID_ADDRESS: 'Invalid address: must be a string starting with "0x"',
  INVALID_EXPIRY: 'Invalid expiry: Expiry must be a future timestamp',
  INVALID_KEYS_SIGNER: 'A set of public keys is required for multiKey signers',
  UNSUPPORTED_KEY_TYPE: 'Unsupported key type: must be secp256r1 or secp256k1',
  INVALID_PUBLIC_KEY_FORMAT: 'Invalid public key: must start with "0x"',
  INVALID_PERMISSIONS: 'Invalid permissions: must be a non-empty array',
  INVALID_ALLOWANCE_FORMAT: 'Invalid allowance: must be a hexadecimal string starting with "0x"',
  INVALID_START: 'Invalid start time: must be a positive integer and in the future',
  INVALID_PERIOD: 'Invalid period: must be a positive integer',
  INVALID_GRANT_PERMISSIONS_RESPONSE: 'Invalid grantPermissions response',
} as const

const nowS = () => Math.floor(Date.now() / 1000)
const hexish = (message: string) => v.pipe(v.string(message), v.startsWith('0x', message))
const future = (message: string) => v.pipe(v.number(message), v.minValue(1, message), v.check((n) => n > nowS(), message))
const allowance = { allowance: hexish(ERROR_MESSAGES.INVALID_ALLOWANCE_FORMAT), start: future(ERROR_MESSAGES.INVALID_START), period: v.pipe(v.number(), v.minValue(Number.MIN_VALUE, ERROR_MESSAGES.INVALID_PERIOD)) }

const Permission = v.variant('type', [
  v.object({
    type: v.literal('contract-call'),
    data: v.object({
      address: hexish(ERROR_MESSAGES.INVALID_ADDRESS),
      abi: v.array(v.record(v.string(), v.unknown())),
      functions: v.array(v.object({
        functionName: v.string(),
        args: v.optional(v.array(v.object({ operator: v.picklist(['EQUAL', 'GREATER_THAN', 'LESS_THAN'], 'Invalid operator type'), value: hexish(ERROR_MESSAGES.INVALID_ADDRESS) }))),
        valueLimit: v.optional(hexish(ERROR_MESSAGES.INVALID_ADDRESS)),
        operation: v.optional(v.picklist(['Call', 'DelegateCall'])),
      })),
    }),
  }),
  v.object({ type: v.literal('native-token-recurring-allowance'), data: v.object(allowance) }),
  v.object({ type: v.literal('erc20-recurring-allowance'), data: v.object({ token: hexish(ERROR_MESSAGES.INVALID_ADDRESS), ...allowance }) }),
])

const Request = v.strictObject({
  chainId: v.pipe(v.string(ERROR_MESSAGES.INVALID_CHAIN_ID_FORMAT), v.startsWith('0x', ERROR_MESSAGES.INVALID_CHAIN_ID_FORMAT), v.regex(/^0x[0-9a-fA-F]+$/u, ERROR_MESSAGES.INVALID_CHAIN_ID_DATA)),
  address: v.optional(hexish(ERROR_MESSAGES.INVALID_ADDRESS)),
  expiry: future(ERROR_MESSAGES.INVALID_EXPIRY),
  signer: v.object({
    type: v.literal('keys'),
    data: v.object({
      keys: v.pipe(v.array(v.object({
        type: v.picklist(['secp256r1', 'secp256k1'], ERROR_MESSAGES.UNSUPPORTED_KEY_TYPE),
        publicKey: hexish(ERROR_MESSAGES.INVALID_PUBLIC_KEY_FORMAT),
      })), v.minLength(1, ERROR_MESSAGES.INVALID_KEYS_SIGNER)),
    }),
  }),
  permissions: v.pipe(v.array(Permission, ERROR_MESSAGES.INVALID_PERMISSIONS), v.minLength(1, ERROR_MESSAGES.INVALID_PERMISSIONS)),
  policies: v.array(v.object({ type: v.string(), data: v.record(v.string(), v.unknown()) })),
  version: v.optional(v.number()),
})

/** AppKit's validateRequest: the request, or an Error naming each bad field ("Invalid path: message; ..."). */
export function validateRequest(request: unknown): SmartSessionGrantPermissionsRequest {
  const result = v.safeParse(Request, request)
  if (result.success) return result.output as SmartSessionGrantPermissionsRequest
  throw new Error(result.issues.map((issue) => `Invalid ${v.getDotPath(issue) || 'Unknown field'}: ${issue.message}`).join('; '))
}
