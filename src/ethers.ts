// postern/ethers: AppKit 1.8's @reown/appkit-adapter-ethers under its name. ethers (v6) is the
// site's own (an optional peer dependency); nothing here is in the loader.
import { EthersAdapterBase } from './ethers/adapter'

export class EthersAdapter extends EthersAdapterBase {
  constructor() {
    super('ethers')
  }
}
export type { Address, Metadata, Provider, ProviderType, RequestArguments } from './ethers/adapter'
