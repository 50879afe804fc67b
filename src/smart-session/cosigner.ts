// AppKit's CosignerService: the smart-session co-signer's permission endpoints
// (<base>/<caip-10 address>?projectId&v=2, then <base>/<address>/activate; <base>/<address>/revoke
// to end one). The base is the
// blockchain API's /v1/sessions (the reference server's on the dev stack; AppKit's own,
// rpc.walletconnect.org/v1/sessions, by default), or what setCosignerUrl sets.
import * as v from 'valibot'
import type { Store } from '../signals/store'
import type { AddPermissionResponse, SmartSessionGrantPermissionsRequest } from './types'

export class CoSignerApiError extends Error {
  constructor(public status: number, message: string) {
    super(message)
    this.name = 'CoSignerApiError'
  }
}

/** AppKit's assertAddPermissionResponse, as a schema. */
const AddPermissionReply = v.object({
  pci: v.pipe(v.string(), v.minLength(1)),
  key: v.object({ type: v.picklist(['secp256k1', 'secp256r1']), publicKey: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)) }),
})

let override: string | undefined

/** Postern's addition: the co-signer's base URL (…/v1/sessions); undefined goes back to the blockchain API's. */
export function setCosignerUrl(url: string | undefined): void {
  if (url !== undefined) new URL(url)
  override = url?.replace(/\/+$/, '')
}

const baseUrl = (store: Store) => override ?? `${store.options.blockchainApiUrl.replace(/\/+$/, '')}/v1/sessions`

async function post(url: URL, body: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  } catch (error) {
    throw new CoSignerApiError(500, error instanceof Error ? error.message : 'Network error')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) throw new CoSignerApiError(response.status, text)
  if (!text || !response.headers.get('content-type')?.includes('application/json')) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function cosignerService(store: Store) {
  const { projectId } = store.options
  if (!projectId) throw new Error('Project ID must be provided')
  const url = (address: string, tail: string, query: Record<string, string>) => {
    const u = new URL(`${baseUrl(store)}/${encodeURIComponent(address)}${tail}`)
    for (const [k, value] of Object.entries({ projectId, ...query })) u.searchParams.append(k, value)
    return u
  }
  return {
    async addPermission(address: string, request: SmartSessionGrantPermissionsRequest): Promise<AddPermissionResponse> {
      const reply = v.safeParse(AddPermissionReply, await post(url(address, '', { v: '2' }), request))
      if (!reply.success) throw new Error('Invalid add permission response')
      return reply.output as AddPermissionResponse
    },
    async activatePermissions(address: string, data: Record<string, unknown> & { pci: string }): Promise<void> {
      await post(url(address, '/activate', {}), data)
    },
    async revokePermissions(address: string, pci: string, signature: `0x${string}`): Promise<void> {
      await post(url(address, '/revoke', {}), { pci, signature })
    },
  }
}
