export const GENERATED: string
export function evmNetworksSource(): Promise<string>
export function writeEvmNetworks(): Promise<boolean>
