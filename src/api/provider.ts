import * as v from 'valibot'
import { PosternError } from '../utils/errors'

/** SDK type and version sent as `st` and `sv` with every provider API call (SPEC section 7). */
export const SDK_TYPE = 'postern'
export const SDK_VERSION = 'html-postern-0.1.0'

/** The 403 text of SPEC section 8. */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

export interface ProviderConfig {
  apiUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  /** Called on every HTTP 403 (an unknown project); the caller shows it once. */
  onForbidden?: (path: string) => void
}

const link = v.optional(v.nullable(v.string()))

/** One catalogue wallet; fields the modal does not use are dropped. */
export const CatalogueWalletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  image_id: v.optional(v.string()),
  image_url: v.optional(v.string()),
  rdns: link,
  chains: v.optional(v.array(v.string())),
  mobile_link: link,
  link_mode: link,
  desktop_link: link,
  webapp_link: link,
  app_store: link,
  play_store: link,
  chrome_store: link,
  homepage: link,
})
export type ApiWallet = v.InferOutput<typeof CatalogueWalletSchema>

const WalletsSchema = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0)), data: v.array(v.unknown()) })
const OriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })
const AnalyticsSchema = v.object({ isAnalyticsEnabled: v.boolean() })

export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  search?: string
  badge_type?: 'none' | 'certified'
  chains?: readonly string[]
}

export interface AnalyticsEventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}

type Query = Record<string, string | number | undefined>

function baseQuery(config: ProviderConfig): Query {
  return { projectId: config.projectId, st: config.sdkType ?? SDK_TYPE, sv: config.sdkVersion ?? SDK_VERSION }
}

function endpoint(config: ProviderConfig, path: string, query: Query = {}): string {
  const url = new URL(config.apiUrl.replace(/\/+$/, '') + path)
  for (const [key, value] of Object.entries({ ...baseQuery(config), ...query })) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value))
  }
  return url.href
}

/** Fetches JSON; a 403 is reported through onForbidden and thrown with the spec's message. */
async function requestJson(config: ProviderConfig, path: string, query?: Query, init?: RequestInit): Promise<unknown> {
  const response = await fetch(endpoint(config, path, query), init)
  if (response.status === 403) {
    config.onForbidden?.(path)
    throw new PosternError(INVALID_APP_CONFIGURATION, 403)
  }
  if (!response.ok) throw new PosternError(`HTTP ${response.status} from ${path}`, response.status)
  return response.json()
}

const list = (items?: readonly string[]) => (items?.length ? items.join(',') : undefined)

/** A page of the catalogue. Invalid entries are dropped; a malformed reply throws. */
export async function getWallets(config: ProviderConfig, params: GetWalletsParams): Promise<{ data: ApiWallet[]; count: number }> {
  const body = await requestJson(config, '/getWallets', {
    page: params.page,
    entries: params.entries,
    include: list(params.include),
    exclude: list(params.exclude),
    search: params.search?.trim() || undefined,
    badge_type: params.badge_type,
    chains: list(params.chains),
  })
  const parsed = v.safeParse(WalletsSchema, body)
  if (!parsed.success) throw new PosternError('Invalid reply from /getWallets', 'INVALID_RESPONSE')
  const data: ApiWallet[] = []
  for (const entry of parsed.output.data) {
    const wallet = v.safeParse(CatalogueWalletSchema, entry)
    if (wallet.success) data.push(wallet.output)
  }
  return { data, count: parsed.output.count }
}

/** The image URL of a catalogue wallet (an <img> fetches it, so the query carries the project). */
export function walletImageUrl(config: ProviderConfig, imageId: string): string {
  return endpoint(config, `/getWalletImage/${encodeURIComponent(imageId)}`)
}

/** The origins the project allows; an empty list on any error. */
export async function getAllowedOrigins(config: ProviderConfig): Promise<string[]> {
  try {
    const parsed = v.safeParse(OriginsSchema, await requestJson(config, '/projects/v1/origins'))
    return parsed.success ? parsed.output.allowedOrigins : []
  } catch {
    return []
  }
}

/** Whether analytics are on for the project; off on any error. */
export async function getAnalyticsConfig(config: ProviderConfig): Promise<{ isAnalyticsEnabled: boolean }> {
  try {
    const parsed = v.safeParse(AnalyticsSchema, await requestJson(config, '/getAnalyticsConfig'))
    return { isAnalyticsEnabled: parsed.success && parsed.output.isAnalyticsEnabled }
  } catch {
    return { isAnalyticsEnabled: false }
  }
}

/** Posts one analytics event; resolves false when it was not accepted (telemetry never throws). */
export async function sendEvent(config: ProviderConfig, body: AnalyticsEventBody): Promise<boolean> {
  try {
    await requestJson(config, '/e', undefined, {
      method: 'POST',
      // text/plain keeps this a simple request: no CORS preflight.
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
      keepalive: true,
    })
    return true
  } catch {
    return false
  }
}

/**
 * Posts a batch of analytics events. With `beacon` (the page is going away) it goes by
 * navigator.sendBeacon, which outlives the page; resolves false when it was not taken.
 */
export async function sendEvents(config: ProviderConfig, events: AnalyticsEventBody[], beacon = false): Promise<boolean> {
  const body = JSON.stringify(events)
  if (beacon && typeof navigator !== 'undefined' && navigator.sendBeacon) {
    return navigator.sendBeacon(endpoint(config, '/e'), new Blob([body], { type: 'text/plain;charset=UTF-8' }))
  }
  try {
    await requestJson(config, '/e', undefined, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, keepalive: true })
    return true
  } catch {
    return false
  }
}

/**
 * Whether an origin is on the allow list. Entries are exact origins or patterns with `*`
 * wildcards, such as `http://127.0.0.1:*` (any port) or `https://*.example.com`.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    if (!pattern.includes('*')) return pattern.replace(/\/+$/, '') === origin
    const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('[^/:@]*')
    return new RegExp(`^${source}$`).test(origin)
  })
}
