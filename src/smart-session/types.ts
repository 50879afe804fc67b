// AppKit 1.8's smart-session types (@reown/appkit-experimental/smart-session, TypeUtils.ts), by name.
export type KeyType = 'secp256r1' | 'secp256k1'
export type SubscriptionInterval = '1s' | '1d' | '1w' | '1m'
type Hex = `0x${string}`

export type CreateSubscriptionRequest = {
  chainId: Hex
  signerPublicKey: Hex
  interval: SubscriptionInterval
  asset: 'native'
  amount: Hex
  expiry: number
}

export type MultiKeySigner = { type: 'keys'; data: { keys: { type: KeyType; publicKey: Hex }[] } }
export type Signer = MultiKeySigner

export type SmartSessionGrantPermissionsRequest = {
  chainId: Hex
  address?: Hex
  expiry: number
  signer: Signer
  permissions: Permission[]
  policies: { type: string; data: Record<string, unknown> }[]
  version?: number
}

export type WalletGrantPermissionsResponse = SmartSessionGrantPermissionsRequest & {
  context: Hex
  accountMeta?: { factory: Hex; factoryData: Hex }
  signerMeta?: { userOpBuilder?: Hex; delegationManager?: Hex }
}

export type SmartSessionGrantPermissionsResponse = {
  chainId: Hex
  address: Hex
  expiry: number
  permissions: Permission[]
  context: string
}
export type CreateSubscriptionResponse = SmartSessionGrantPermissionsResponse

/** AppKit's enums, as the same string values. */
export const ParamOperator = { EQUAL: 'EQUAL', GREATER_THAN: 'GREATER_THAN', LESS_THAN: 'LESS_THAN' } as const
export type ParamOperator = (typeof ParamOperator)[keyof typeof ParamOperator]
export const Operation = { Call: 'Call', DelegateCall: 'DelegateCall' } as const
export type Operation = (typeof Operation)[keyof typeof Operation]

export type ArgumentCondition = { operator: ParamOperator; value: Hex }
export type FunctionPermission = { functionName: string; args?: ArgumentCondition[]; valueLimit?: Hex; operation?: Operation }
export type ContractCallPermission = { type: 'contract-call'; data: { address: Hex; abi: Record<string, unknown>[]; functions: FunctionPermission[] } }
export type NativeTokenRecurringAllowancePermission = { type: 'native-token-recurring-allowance'; data: { allowance: Hex; start: number; period: number } }
export type ERC20RecurringAllowancePermission = { type: 'erc20-recurring-allowance'; data: { token: Hex; allowance: Hex; start: number; period: number } }
export type Permission = ContractCallPermission | NativeTokenRecurringAllowancePermission | ERC20RecurringAllowancePermission

export type AddPermissionRequest = SmartSessionGrantPermissionsRequest
export type AddPermissionResponse = { pci: string; key: { type: KeyType; publicKey: Hex } }
export type ActivatePermissionsRequest = { pci: string; context: Hex } & AddPermissionRequest
export type Policy = { id: string }
export type SmartSessionStatus = 'active' | 'expired' | 'revoked'
export type SmartSession = {
  project: { id: string; name: string; url?: string; iconUrl?: string }
  pci: string
  expiry: number
  createdAt: number
  permissions: Permission[]
  policies: Policy[]
  context: string
  revokedAt?: number
}
