import { deployAa, type AaContracts } from './deploy.ts'
import { startBundler, type Bundler } from './bundler.ts'
import { onDemandBundler } from './on-demand.ts'

export { accountFactoryAddress, bundlerKeys } from './deploy.ts'

export interface AccountAbstraction extends AaContracts {
  /** CAIP network id (eip155:<id>) → the bundler's URL for that chain. */
  bundlerUrls: Record<string, string>
  stop(): Promise<void>
}

/**
 * ERC-4337 on the local chains: the v0.7 EntryPoint and the smart-account factory on each chain
 * (same addresses everywhere, deployed only when missing, so a restored chain keeps them), and one
 * Alto bundler per chain; with `onDemand`, each starts on its first request (dev/aa/on-demand.ts),
 * for a stack whose users may never send a user operation.
 */
export async function startAccountAbstraction(chains: { chainId: number; rpcUrl: string }[], opts: { onDemand?: boolean } = {}): Promise<AccountAbstraction> {
  const deployed = await Promise.all(chains.map((c) => deployAa(c.rpcUrl, c.chainId)))
  const startOne = (c: { chainId: number; rpcUrl: string }) => () => startBundler({ rpcUrl: c.rpcUrl, chainId: c.chainId, entryPoint: deployed[0]!.entryPoint })
  const started = await Promise.allSettled(chains.map((c) => (opts.onDemand ? onDemandBundler(c.chainId, startOne(c)) : startOne(c)())))
  const bundlers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => { await Promise.all(bundlers.map((b: Bundler) => b.stop())) }
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  const bundlerUrls = Object.fromEntries(bundlers.map((b) => [`eip155:${b.chainId}`, b.url]))
  return { ...deployed[0]!, bundlerUrls, stop }
}
