/**
 * AppKit 1.8's remote project configuration (ConfigUtil.fetchRemoteFeatures): the modal asks the
 * site's API for `/appkit/v1/config` and takes e-mail and social login from the answer. Postern's
 * reference server also names the secure site the project uses, so a site that passes no
 * `secureSiteUrl` still gets the embedded wallet. The answer is checked: a secure site must be
 * `https:` (or `http:` on loopback), on the API's own domain (the API's host or a sibling under
 * its parent domain) and not the page's own origin; anything else is refused with a warning and
 * the options stay as the site wrote them. A site-passed `secureSiteUrl` always wins.
 */
import * as v from 'valibot'
import type { Store } from './store'
import type { SocialProvider } from './options'

const Feature = v.object({ id: v.string(), isEnabled: v.boolean(), config: v.nullable(v.array(v.string())) })
export const RemoteConfigSchema = v.object({
  features: v.array(Feature),
  secureSiteUrl: v.optional(v.pipe(v.string(), v.url())),
})
export type RemoteConfig = v.InferOutput<typeof RemoteConfigSchema>

const WARNING = '[Postern] Ignored the remote project configuration:'
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

/** Why a secure site named by the API is refused, or undefined when it may be used. */
export function secureSiteRefusal(secureSiteUrl: string, apiUrl: string, pageOrigin: string): string | undefined {
  let site: URL
  let api: URL
  try {
    site = new URL(secureSiteUrl)
    api = new URL(apiUrl)
  } catch {
    return 'not a URL'
  }
  const loopback = LOOPBACK.test(site.hostname)
  if (site.protocol !== 'https:' && !(site.protocol === 'http:' && loopback)) return `${site.origin} is neither https: nor loopback http:`
  if (site.origin === pageOrigin) return `${site.origin} is the page's own origin`
  const parent = api.hostname.split('.').slice(1).join('.')
  const sameDomain = site.hostname === api.hostname || (parent.includes('.') && site.hostname.endsWith(`.${parent}`))
  if (!sameDomain && !(loopback && LOOPBACK.test(api.hostname))) return `${site.origin} is not on the API's domain (${api.hostname})`
  return undefined
}

/** Applies a checked answer to the options; returns a reason when it is refused. */
export function applyRemoteConfig(store: Store, answer: unknown, pageOrigin: string): string | undefined {
  const parsed = v.safeParse(RemoteConfigSchema, answer)
  if (!parsed.success) return `malformed answer (${parsed.issues[0].message})`
  const { options } = store
  const { secureSiteUrl } = parsed.output
  // The default is Reown's secure site (options.ts), which Postern cannot use: the site named none.
  const ownSite = !options.secureSiteUrl.includes('.walletconnect.')
  if (secureSiteUrl && !ownSite) {
    const refusal = secureSiteRefusal(secureSiteUrl, options.apiUrl, pageOrigin)
    if (refusal) return `secure site ${refusal}`
    options.secureSiteUrl = secureSiteUrl
  }
  const login = parsed.output.features.find((f) => f.id === 'social_login')
  if (login) {
    const list = login.isEnabled ? login.config ?? [] : []
    // Providers the site's options allow (every known one by default), so only known ones are shown.
    const allowed: readonly string[] = options.features.socials || []
    const socials = list.filter((s): s is SocialProvider => allowed.includes(s))
    // features.pay offers wallets only (options.ts payRules), whatever the configuration says.
    const pay = options.features.pay
    options.features = { ...options.features, email: !pay && list.includes('email'), socials: !pay && socials.length > 0 ? socials : false }
  }
  // AppKit's getRemoteFeatures.
  if (!login && !(secureSiteUrl && !ownSite)) return
  store.remoteFeatures.value = { ...store.remoteFeatures.peek(), email: options.features.email, socials: options.features.socials }
  // An open Connect view reads the options as it renders: a new stack (the same views) renders it again.
  store.modal.stack.value = [...store.modal.stack.peek()]
  return undefined
}

/**
 * Fetches and applies the configuration. Not asked of Reown's cloud (the default apiUrl), which
 * names no secure site Postern can use. A server without the route (an error status, no answer)
 * leaves the options as they are, quietly, as a project without a configuration does.
 */
export async function loadRemoteConfig(store: Store): Promise<void> {
  const { apiUrl, projectId } = store.options
  if (new URL(apiUrl).hostname.endsWith('.web3modal.org') || !projectId || typeof location === 'undefined') return
  const url = new URL('appkit/v1/config', apiUrl.replace(/\/?$/, '/'))
  url.searchParams.set('projectId', projectId)
  const response = await fetch(url.href).catch(() => undefined)
  if (!response?.ok) return
  const refusal = applyRemoteConfig(store, await response.json().catch(() => 'not JSON'), location.origin)
  if (refusal) console.warn(WARNING, refusal)
}
