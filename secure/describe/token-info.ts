// What the approval says about a token contract, read from the chain: its symbol and decimals
// (ERC-20), or that it is an NFT collection (ERC-721 / ERC-1155 by ERC-165). Any read that
// fails leaves the field out; the address is always shown beside it.
import { parseAbi, type Address, type PublicClient } from 'viem'
import { cleanSymbol } from './amount'

export interface TokenInfo { symbol?: string; decimals?: number; erc721?: boolean }
export type TokenReader = (token: Address) => Promise<TokenInfo>

const abi = parseAbi([
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function supportsInterface(bytes4 id) view returns (bool)',
])
const ERC721 = '0x80ac58cd'

export function chainTokenReader(client: Pick<PublicClient, 'readContract'>): TokenReader {
  const cache = new Map<string, Promise<TokenInfo>>()
  return (token) => {
    const key = token.toLowerCase()
    let info = cache.get(key)
    if (!info) {
      const read = <T>(functionName: 'symbol' | 'decimals' | 'supportsInterface', args?: readonly [`0x${string}`]) =>
        (client.readContract({ address: token, abi, functionName, args } as never) as Promise<T>).catch(() => undefined)
      info = Promise.all([read<string>('symbol'), read<number>('decimals'), read<boolean>('supportsInterface', [ERC721])])
        .then(([symbol, decimals, erc721]) => ({ symbol: cleanSymbol(symbol), decimals: typeof decimals === 'number' && decimals <= 36 ? decimals : undefined, erc721: erc721 === true }))
      cache.set(key, info)
    }
    return info
  }
}
