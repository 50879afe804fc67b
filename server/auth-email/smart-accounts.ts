// Smart accounts for the embedded wallet: which networks have them, and where the secure site
// finds their EntryPoint, factory and bundler. The secure site asks this before it offers a smart
// account; with no such settings every network is EOA only (an empty list).
import * as v from 'valibot'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import type { ServerState } from '../state.ts'

export interface SmartAccountOptions {
  entryPoint: `0x${string}`
  factory: `0x${string}`
  /** eip155:<id> → that chain's ERC-4337 bundler URL; its chains are the enabled networks. */
  bundlerUrls: Record<string, string>
}

const configs = new WeakMap<ServerState, SmartAccountOptions>()

export function configureSmartAccounts(state: ServerState, opts: SmartAccountOptions | undefined): void {
  if (opts) configs.set(state, opts)
}

/** The smart-account settings, when the server has them (the co-signer sends through their bundlers). */
export const smartAccountConfig = (state: ServerState): SmartAccountOptions | undefined => configs.get(state)

export const smartAccountRoutes: Route[] = [{
  method: 'GET',
  path: /^\/auth\/v1\/smart-accounts$/,
  access: 'query',
  handle(ctx) {
    parse(v.object(SdkQuery), ctx.query, 'query')
    const config = configs.get(ctx.state)
    const networks = Object.keys(config?.bundlerUrls ?? {}).map((id) => Number(id.replace(/^eip155:/, ''))).filter(Number.isSafeInteger)
    return { json: { smartAccountEnabledNetworks: networks, ...(config && { entryPoint: config.entryPoint, factory: config.factory, bundlerUrls: config.bundlerUrls }) } }
  },
}]
