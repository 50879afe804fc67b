// What the co-signer accepts and enforces: the site's request (AppKit's schema), reduced to what the
// smart account and this service can hold a session to (contract calls to listed functions, within
// their value limits); its own key per permission, sealed at rest.
import { privateKeyToAccount, publicKeyToAddress, type PrivateKeyAccount } from 'viem/accounts'
import { toFunctionSelector, type AbiFunction, type Address, type Hex } from 'viem'
import { validateRequest } from '../../src/smart-session/schema.ts'
import type { ContractCallPermission, SmartSessionGrantPermissionsRequest } from '../../src/smart-session/types.ts'
import { seal, unseal } from '../auth-email/seal.ts'
import { emailAuthConfig } from '../auth-email/config.ts'
import { HttpError } from '../http.ts'
import type { ServerState } from '../state.ts'
import type { CosignerPermission } from './store.ts'

export type CosignerRequest = Omit<SmartSessionGrantPermissionsRequest, 'permissions'> & { permissions: ContractCallPermission[] }

/** AppKit's request check, then what this co-signer can enforce; anything else is refused, never widened. */
export function parseRequest(body: unknown): CosignerRequest {
  let request: SmartSessionGrantPermissionsRequest
  try {
    request = validateRequest(body)
  } catch (error) {
    throw new HttpError(400, (error as Error).message)
  }
  for (const p of request.permissions) if (p.type !== 'contract-call') throw new HttpError(400, `permissions: type ${p.type} is not supported by the co-signer`)
  for (const p of request.policies) throw new HttpError(400, `policies: type ${p.type} is not supported by the co-signer`)
  for (const k of request.signer.data.keys) {
    if (k.type !== 'secp256k1' || !/^0x04[0-9a-fA-F]{128}$/.test(k.publicKey)) throw new HttpError(400, 'signer: the co-signer takes uncompressed secp256k1 public keys (0x04…)')
  }
  for (const p of request.permissions as ContractCallPermission[]) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(p.data.address)) throw new HttpError(400, 'permissions: a contract-call address must be 0x followed by 40 hex digits')
    if (!p.data.functions.length) throw new HttpError(400, 'permissions: a contract-call permission must list its functions')
    for (const f of p.data.functions) {
      if (f.args?.length) throw new HttpError(400, 'permissions: argument conditions are not supported by the co-signer')
      if (f.operation === 'DelegateCall') throw new HttpError(400, 'permissions: delegate calls are not supported by the co-signer')
      if (!selectorOf(p, f.functionName)) throw new HttpError(400, `permissions: ${f.functionName} is not a function of the permission's abi`)
    }
  }
  return request as CosignerRequest
}

function selectorOf(p: ContractCallPermission, name: string): Hex | undefined {
  const item = p.data.abi.find((a) => a['type'] === 'function' && a['name'] === name)
  try {
    return item ? toFunctionSelector(item as unknown as AbiFunction) : undefined
  } catch {
    return undefined
  }
}

/** Whether one call is within the permission: a listed function of a listed contract, within its value limit. */
export function callAllowed(request: CosignerRequest, call: { to: Address; value: bigint; data: Hex }): boolean {
  const selector = call.data.slice(0, 10).toLowerCase()
  return request.permissions.some((p) => p.data.address.toLowerCase() === call.to.toLowerCase() && p.data.functions.some((f) =>
    selectorOf(p, f.functionName) === selector && call.value <= BigInt(f.valueLimit ?? '0x0')))
}

/** The addresses of the site's keys: whoever signs a prepared call must be one of them. */
export const siteKeyAddresses = (request: CosignerRequest): Address[] =>
  request.signer.data.keys.map((k) => publicKeyToAddress(k.publicKey).toLowerCase() as Address)

function wrappingKey(state: ServerState): Buffer {
  const key = emailAuthConfig(state).wrappingKey
  if (!key) throw new HttpError(503, 'The co-signer is not configured: it seals its keys with the service wrapping key')
  return key
}

/** The permission id is the additional data: a sealed key copied onto another row does not open. */
export const sealKey = (state: ServerState, pci: string, privateKey: Hex): string => seal(wrappingKey(state), privateKey, `cosigner:${pci}`)

export const cosignerAccount = (state: ServerState, p: CosignerPermission): PrivateKeyAccount =>
  privateKeyToAccount(unseal(wrappingKey(state), p.cosignerKeySealed, `cosigner:${p.pci}`) as Hex)
