import type { HistoryItem } from '../../signals/history'
import { truncateAddress } from '../../utils/address'
import { formatBalance } from '../../utils/format'
import { safeUrl } from '../../utils/url'
import { WalletImage } from '../../ui/WalletImage'
import { t } from '../../ui/base'

/** One transaction: what moved, which way, with whom, and its status; links to the explorer. */
export function TransactionRow({ item, explorer }: { item: HistoryItem; explorer?: string }) {
  const { metadata } = item
  const transfers = item.transfers.filter((t) => !t.nft_info?.flags?.is_spam)
  const main = transfers[0] ?? item.transfers[0]
  const outgoing = main?.direction === 'out'
  const counterparty = outgoing ? metadata.sentTo : metadata.sentFrom
  const title = main ? (outgoing ? 'Sent' : 'Received') : metadata.operationType
  const amount = transfers.map((t) => `${t.direction === 'out' ? '-' : '+'}${formatBalance(t.quantity.numeric, 3)} ${t.fungible_info?.symbol ?? ''}`.trim()).join(', ')
  const time = new Date(metadata.minedAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
  const link = explorer ? safeUrl(`${explorer.replace(/\/$/, '')}/tx/${metadata.hash}`) : undefined
  const body = (
    <>
      <WalletImage src={main?.fungible_info?.icon?.url} name={main?.fungible_info?.symbol ?? '?'} size={32} />
      <span class="name">
        {title} <span class={`tag ${metadata.status === 'failed' ? 'err' : 'ok'}`}>{metadata.status}</span>
        <span class="sub">{outgoing ? t('to {address}', { address: truncateAddress(counterparty) }) : t('from {address}', { address: truncateAddress(counterparty) })} · {time}</span>
      </span>
      <span class={`amount ${outgoing ? 'out' : 'in'}`}>{amount}</span>
    </>
  )
  return (
    <li data-testid="history-row" data-hash={metadata.hash}>
      {/* The visible text is the link's name (WCAG 2.5.3); the hidden part says where it goes. */}
      {link ? <a class="item" href={link} target="_blank" rel="noopener noreferrer">{body}<span class="sr">{t(', opens the explorer')}</span></a> : <div class="item static">{body}</div>}
    </li>
  )
}
