import type { ComponentChildren } from 'preact'
import { WalletImage } from './WalletImage'

export interface ListItemProps {
  name: string
  imageUrl?: string
  tag?: { label: string; tone?: 'ok' | 'acc' }
  current?: boolean
  onClick: () => void
  children?: ComponentChildren
}

export function ListItem({ name, imageUrl, tag, current, onClick, children }: ListItemProps) {
  return (
    <li>
      <button type="button" class="item" onClick={onClick} aria-current={current ? 'true' : undefined}>
        <WalletImage src={imageUrl} name={name} />
        <span class="name">{name}</span>
        {children}
        {tag && <span class={`tag ${tag.tone ?? ''}`}>{tag.label}</span>}
      </button>
    </li>
  )
}
