import qrcode from 'qrcode-generator'
import { useMemo, useState } from 'preact/hooks'
import { safeUrl } from '../../utils/url'

/** Light margin around the code, in modules (the standard asks for 4; the card adds its own). */
const QUIET = 2
/** Share of the code's width left clear for the icon: error correction Q restores up to 25%. */
const ICON_SHARE = 0.22

export interface QrLayout {
  /** Modules per side. */
  count: number
  /** Side of the clear square in the middle, in modules (odd, so it is centred). */
  hole: number
  /** One path of horizontal runs of dark modules, the middle left clear. */
  path: string
  /** Dark modules drawn. */
  dark: number
}

/** The matrix of a QR code for `data` (byte mode, error correction Q). */
export function qrMatrix(data: string): boolean[][] {
  const qr = qrcode(0, 'Q')
  qr.addData(data, 'Byte')
  qr.make()
  const count = qr.getModuleCount()
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => qr.isDark(row, col)))
}

export function qrLayout(data: string): QrLayout {
  const matrix = qrMatrix(data)
  const count = matrix.length
  let hole = Math.floor(count * ICON_SHARE)
  if (hole % 2 === 0) hole += 1
  const start = (count - hole) / 2
  const inHole = (row: number, col: number) => row >= start && row < start + hole && col >= start && col < start + hole
  let path = ''
  let dark = 0
  for (let row = 0; row < count; row++) {
    let col = 0
    while (col < count) {
      if (!matrix[row]![col] || inHole(row, col)) {
        col++
        continue
      }
      let end = col
      while (end < count && matrix[row]![end] && !inHole(row, end)) end++
      path += `M${col} ${row}h${end - col}v1h${col - end}z`
      dark += end - col
      col = end
    }
  }
  return { count, hole, path, dark }
}

const WALLETCONNECT_LOGO =
  'M61.4 36.3c48.9-47.9 128.2-47.9 177.1 0l5.9 5.8a6 6 0 0 1 0 8.7l-20.1 19.7a3.2 3.2 0 0 1-4.4 0l-8.1-7.9c-34.1-33.4-89.4-33.4-123.6 0l-8.7 8.5a3.2 3.2 0 0 1-4.4 0L55 51.3a6 6 0 0 1 0-8.7l6.4-6.3ZM280.2 77l17.9 17.6a6 6 0 0 1 0 8.6l-80.8 79.2a6.3 6.3 0 0 1-8.9 0l-57.3-56.2a1.6 1.6 0 0 0-2.2 0l-57.4 56.2a6.3 6.3 0 0 1-8.8 0L1.9 103.2a6 6 0 0 1 0-8.6L19.8 77a6.3 6.3 0 0 1 8.8 0L86 133.2a1.6 1.6 0 0 0 2.2 0L145.6 77a6.3 6.3 0 0 1 8.8 0l57.4 56.2a1.6 1.6 0 0 0 2.2 0L271.4 77a6.3 6.3 0 0 1 8.8 0Z'

export interface QrCodeProps {
  uri: string
  /** The accessible name, e.g. 'QR code for Trust Wallet'. */
  label: string
  /** The wallet's icon for the middle; the WalletConnect logo when absent, unsafe or broken. */
  imageUrl?: string
  size?: number
  /** Drawn in the middle instead of the WalletConnect logo when there is no icon (e.g. a network's initial). */
  fallbackText?: string
}

/** A QR code as SVG elements (never markup strings), with the wallet's icon in the middle. */
export function QrCode({ uri, label, imageUrl, size = 280, fallbackText }: QrCodeProps) {
  const layout = useMemo(() => qrLayout(uri), [uri])
  const [failed, setFailed] = useState<string>()
  const { count, hole } = layout
  const side = count + QUIET * 2
  const safe = imageUrl?.startsWith('data:image/') ? imageUrl : safeUrl(imageUrl)
  const icon = safe !== failed ? safe : undefined
  const inset = 0.6
  const iconStart = (count - hole) / 2 + inset
  const iconSide = hole - inset * 2
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      width={size}
      height={size}
      shape-rendering="crispEdges"
      data-modules={count}
    >
      <rect x={-QUIET} y={-QUIET} width={side} height={side} rx={1.5} fill="#fff" />
      {/* themeVariables' qr-color (the modal's host carries it as --w3m-qr-color) */}
      <path d={layout.path} fill="#141414" style={{ fill: 'var(--w3m-qr-color, #141414)' }} />
      {icon ? (
        <image href={icon} x={iconStart} y={iconStart} width={iconSide} height={iconSide} preserveAspectRatio="xMidYMid meet" onError={() => setFailed(icon)} />
      ) : fallbackText ? (
        <text x={count / 2} y={count / 2} dominant-baseline="central" text-anchor="middle" font-size={iconSide * 0.6} font-weight="700" fill="#141414">
          {fallbackText}
        </text>
      ) : (
        <svg x={iconStart} y={iconStart} width={iconSide} height={iconSide} viewBox="0 -57 300 300" shape-rendering="geometricPrecision">
          <path d={WALLETCONNECT_LOGO} fill="#3396ff" />
        </svg>
      )}
    </svg>
  )
}
