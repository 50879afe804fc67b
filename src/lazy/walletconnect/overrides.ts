import * as v from 'valibot'
import { PosternError } from '../../utils/errors'

// AppKit's universalProviderConfigOverride, applied as its WcHelpersUtil.applyNamespaceOverrides
// does. The loader accepts any object under that name (its schema stays small); the shape is
// checked here, where it is used.

const PerNamespace = v.optional(v.record(v.string(), v.array(v.string())))
const ConfigOverride = v.object({
  universalProviderConfigOverride: v.optional(v.object({
    methods: PerNamespace,
    chains: PerNamespace,
    events: PerNamespace,
    rpcMap: v.optional(v.record(v.string(), v.string())),
    defaultChain: v.optional(v.string()),
  })),
})
export type ConfigOverride = NonNullable<v.InferOutput<typeof ConfigOverride>['universalProviderConfigOverride']>

/** The site's override, checked; a wrong shape throws the options error naming the field. */
export function configOverride(value: unknown): ConfigOverride | undefined {
  const parsed = v.safeParse(ConfigOverride, { universalProviderConfigOverride: value })
  if (parsed.success) return parsed.output.universalProviderConfigOverride
  // createAppKit's message, formatted here: the loader's own formatter is not shared with chunks
  const lines = parsed.issues.map((issue) => `- ${issue.path?.map((p) => p.key).join('.')}: ${issue.message}`)
  throw new PosternError(`Invalid Postern options:\n${lines.join('\n')}`, 'INVALID_OPTIONS')
}

export interface NamespaceRequest {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/**
 * The requested namespaces with the override applied: every namespace it names is asked for
 * (created with the default methods and events when no network of the site is in it); methods,
 * chains and events replace the defaults of their namespace; an rpcMap entry ('eip155:137')
 * replaces the whole rpcMap of its namespace with the override's entries for it.
 */
export function applyOverrides(
  base: Record<string, NamespaceRequest>,
  overrides: ConfigOverride | undefined,
  fresh: (namespace: string) => NamespaceRequest,
): Record<string, NamespaceRequest> {
  const out: Record<string, NamespaceRequest> = {}
  for (const [ns, entry] of Object.entries(base)) out[ns] = { ...entry, rpcMap: { ...entry.rpcMap } }
  if (!overrides) return out
  const { methods = {}, chains = {}, events = {}, rpcMap = {} } = overrides
  const named = [...Object.keys(methods), ...Object.keys(chains), ...Object.keys(events), ...Object.keys(rpcMap).map((id) => id.split(':')[0]!)]
  for (const ns of named) if (ns) out[ns] ??= fresh(ns)
  for (const [ns, list] of Object.entries(methods)) out[ns]!.methods = list
  for (const [ns, list] of Object.entries(chains)) out[ns]!.chains = list
  for (const [ns, list] of Object.entries(events)) out[ns]!.events = list
  const replaced = new Set<string>()
  for (const [chainId, url] of Object.entries(rpcMap)) {
    const [ns, id] = chainId.split(':')
    if (!ns || !id || !out[ns]) continue
    if (!replaced.has(ns)) out[ns]!.rpcMap = {}
    replaced.add(ns)
    out[ns]!.rpcMap[id] = url
  }
  return out
}

/** The override, or undefined when there is none or its shape is wrong (that already failed the pairing's request). */
function checked(value: unknown): ConfigOverride | undefined {
  const parsed = v.safeParse(ConfigOverride, { universalProviderConfigOverride: value })
  return parsed.success ? parsed.output.universalProviderConfigOverride : undefined
}

/** The override's defaultChain. */
export const overrideDefaultChain = (value: unknown) => checked(value)?.defaultChain

/** The override's RPC for a chain ('eip155:137'): the provider's reads there go to it, not to the modal's. */
export const overrideRpcUrl = (value: unknown, caipNetworkId: string) => checked(value)?.rpcMap?.[caipNetworkId]
