import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { safeUrl } from '../utils/url'

// Spinner, WalletImage and ListItem share one module (and so one chunk): the first open fetches
// one small file instead of three. Spinner.tsx and WalletImage.tsx re-export from here.

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div class="spinner" role="status" aria-label={label} />
}

/** A wallet's icon, or its initials when the image is missing, unsafe or fails to load. */
export function WalletImage({ src, name, size = 40 }: { src?: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  const url = src?.startsWith('data:image/') ? src : safeUrl(src)
  const style = { width: size, height: size }
  if (!url || failed) {
    const initials = name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase()
    return <span class="wimg" style={style} aria-hidden="true">{initials}</span>
  }
  return <img class="wimg" style={style} src={url} alt="" onError={() => setFailed(true)} />
}

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
