import { useState } from 'preact/hooks'
import { safeUrl } from '../utils/url'

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
