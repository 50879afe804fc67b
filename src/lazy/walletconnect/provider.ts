import type { UniversalProvider } from '@walletconnect/universal-provider'

/** The universal provider instance, as the session driver and the chunk's entry both use it. */
export type Provider = InstanceType<typeof UniversalProvider>
