// Each call an approval covers, decoded with viem: ERC-20 / ERC-721 / ERC-1155 transfers and
// approvals, EIP-2612 permit, increaseAllowance, setApprovalForAll and Permit2, with the token's
// symbol and decimals from the chain. A call it does not know shows its selector and data.
import { decodeFunctionData, formatUnits, parseAbi, slice, type Address, type Hex } from 'viem'
import { formatAmount, isUnlimited } from './amount'
import type { Currency } from './currency'
import type { TokenReader } from './token-info'

export type Row = [string, string]
export interface EvmCall { to?: Address; value?: bigint; data?: Hex }

// ERC-20 and ERC-721 share approve(address,uint256) and transferFrom(address,address,uint256):
// the token's decimals() tells them apart.
const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amountOrId)',
  'function approve(address spender, uint256 amountOrId)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  // Permit2 (Uniswap's canonical allowance contract).
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
])

const when = (seconds: bigint | number) => (BigInt(seconds) === 0n ? 'never' : BigInt(seconds) >= 2n ** 47n ? 'never' : new Date(Number(seconds) * 1000).toISOString())
const tokenRow = (address: Address, symbol: string | undefined): Row => ['Token', symbol ? `${symbol} (${address})` : address]

/** The rows of one call; `label` names it ("Action", or "Call 2" in a batch). */
export async function describeCall(call: EvmCall, currency: Currency, readToken: TokenReader, label = 'Action'): Promise<Row[]> {
  const native: Row[] = call.value ? [['Amount', `${formatUnits(call.value, currency.decimals)} ${currency.symbol}`]] : []
  const to = call.to
  if (!to) return [[label, 'Deploy a contract'], ...native, ...(call.data ? [['Data', call.data] as Row] : [])]
  if (!call.data || call.data === '0x') return [[label, `Send ${currency.symbol}`], ['To', to], ...(native.length ? native : [['Amount', `0 ${currency.symbol}`] as Row])]
  let decoded: ReturnType<typeof decodeFunctionData<typeof abi>>
  try {
    decoded = decodeFunctionData({ abi, data: call.data })
  } catch {
    return [[label, 'Contract call (not decoded)'], ['Contract', to], ['Function', call.data.length >= 10 ? slice(call.data, 0, 4) : call.data], ...native, ['Data', call.data]]
  }
  const rows = await describeDecoded(decoded, to, readToken)
  return [[label, rows[0]![1]], ...rows.slice(1), ...native]
}

async function describeDecoded(d: ReturnType<typeof decodeFunctionData<typeof abi>>, to: Address, readToken: TokenReader): Promise<Row[]> {
  const token = await readToken(to)
  const erc20 = token.decimals !== undefined && !token.erc721
  const amount = (value: bigint) => formatAmount(value, token)
  switch (d.functionName) {
    case 'transfer':
      return [['', 'Transfer tokens'], tokenRow(to, token.symbol), ['To', d.args[0]], ['Amount', amount(d.args[1])]]
    case 'transferFrom':
      if (d.args.length === 4) {
        const t = await readToken(d.args[3])
        return [['', 'Permit2 transfer'], ['Permit2', to], tokenRow(d.args[3], t.symbol), ['From', d.args[0]], ['To', d.args[1]], ['Amount', formatAmount(d.args[2], t, 160)]]
      }
      return erc20
        ? [['', 'Transfer tokens'], tokenRow(to, token.symbol), ['From', d.args[0]], ['To', d.args[1]], ['Amount', amount(d.args[2])]]
        : [['', 'Transfer an NFT'], ['Collection', to], ['From', d.args[0]], ['To', d.args[1]], ['Token ID', String(d.args[2])]]
    case 'approve':
      if (d.args.length === 4) {
        const t = await readToken(d.args[0])
        return [['', 'Permit2 approval'], ['Permit2', to], tokenRow(d.args[0], t.symbol), ['Spender', d.args[1]], ['Amount', formatAmount(d.args[2], t, 160)], ['Expires', when(d.args[3])]]
      }
      return erc20 || !token.erc721
        ? [['', isUnlimited(d.args[1]) ? 'Approve unlimited spending' : 'Approve spending'], tokenRow(to, token.symbol), ['Spender', d.args[0]], ['Amount', amount(d.args[1])]]
        : [['', 'Approve an NFT'], ['Collection', to], ['Spender', d.args[0]], ['Token ID', String(d.args[1])]]
    case 'increaseAllowance':
      return [['', 'Increase allowance'], tokenRow(to, token.symbol), ['Spender', d.args[0]], ['Amount', amount(d.args[1])]]
    case 'permit': {
      if (d.args.length === 3) {
        const { details, spender, sigDeadline } = d.args[1]
        const t = await readToken(details.token)
        return [['', 'Permit2 permit'], ['Permit2', to], ['Owner', d.args[0]], tokenRow(details.token, t.symbol), ['Spender', spender], ['Amount', formatAmount(details.amount, t, 160)], ['Expires', when(details.expiration)], ['Signature deadline', when(sigDeadline)]]
      }
      return [['', 'Permit'], tokenRow(to, token.symbol), ['Owner', d.args[0]], ['Spender', d.args[1]], ['Amount', amount(d.args[2])], ['Deadline', when(d.args[3])]]
    }
    case 'setApprovalForAll':
      return [['', d.args[1] ? 'Approve all tokens of a collection' : 'Revoke approval for all tokens'], ['Collection', token.symbol ? `${token.symbol} (${to})` : to], ['Operator', d.args[0]], ['Allowed', d.args[1] ? 'every token, now and later' : 'none']]
    case 'safeTransferFrom':
      if (d.args.length === 5) return [['', 'Transfer tokens (ERC-1155)'], ['Collection', to], ['From', d.args[0]], ['To', d.args[1]], ['Token ID', String(d.args[2])], ['Amount', String(d.args[3])]]
      return [['', 'Transfer an NFT'], ['Collection', to], ['From', d.args[0]], ['To', d.args[1]], ['Token ID', String(d.args[2])]]
    case 'safeBatchTransferFrom':
      return [['', 'Transfer tokens (ERC-1155)'], ['Collection', to], ['From', d.args[0]], ['To', d.args[1]], ['Token IDs', d.args[2].join(', ')], ['Amounts', d.args[3].join(', ')]]
  }
}

/** The most the network may charge: the fee cap (or gas price) times the gas limit, in its own currency. */
export function maxFeeRow(gas: bigint | undefined, feeCap: bigint | undefined, currency: Currency): Row | undefined {
  if (gas === undefined || feeCap === undefined) return undefined
  return ['Max network fee', `${formatUnits(gas * feeCap, currency.decimals)} ${currency.symbol}`]
}
