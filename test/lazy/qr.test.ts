// The QR chunk: the SVG draws exactly the encoder's dark modules, less a centred hole for the icon.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { h, render } from 'preact'
import { QrCode, qrLayout, qrMatrix } from '../../src/lazy/qr/index'

const URI = `wc:${'e'.repeat(64)}@2?relay-protocol=irn&symKey=${'f'.repeat(64)}&expiryTimestamp=1900000000`

/** The cells a path of `M{col} {row}h{n}v1h-{n}z` runs covers. */
function cellsOf(path: string): Set<string> {
  const cells = new Set<string>()
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [col, row, len] = [Number(m[1]), Number(m[2]), Number(m[3])]
    assert.is(Number(m[4]), len)
    for (let c = col; c < col + len; c++) cells.add(`${row}:${c}`)
  }
  return cells
}

const test = suite('lazy/qr')

test('behavior: the path covers exactly the dark modules outside the centred hole', () => {
  const matrix = qrMatrix(URI)
  const layout = qrLayout(URI)
  assert.is(layout.count, matrix.length)
  assert.is(layout.hole % 2, 1)
  assert.ok(layout.hole / layout.count < 0.25, 'the hole stays within what error correction Q restores')
  const start = (layout.count - layout.hole) / 2
  const expected = new Set<string>()
  matrix.forEach((row, r) => row.forEach((dark, c) => {
    const inHole = r >= start && r < start + layout.hole && c >= start && c < start + layout.hole
    if (dark && !inHole) expected.add(`${r}:${c}`)
  }))
  const drawn = cellsOf(layout.path)
  assert.is(drawn.size, expected.size)
  assert.is(layout.dark, expected.size)
  for (const cell of expected) assert.ok(drawn.has(cell), cell)
  // the three finder patterns are intact: their 7x7 outer rings are dark
  for (const [r0, c0] of [[0, 0], [0, layout.count - 7], [layout.count - 7, 0]] as const) {
    for (let i = 0; i < 7; i++) for (const [r, c] of [[r0, c0 + i], [r0 + 6, c0 + i], [r0 + i, c0], [r0 + i, c0 + 6]]) assert.ok(drawn.has(`${r}:${c}`))
  }
})

test('behavior: different URIs give different codes', () => {
  assert.is.not(qrLayout(URI).path, qrLayout(URI.replace('eee', 'eea')).path)
})

test('behavior: the SVG is labelled, built from elements, with the wallet icon or the WalletConnect logo', () => {
  const host = document.createElement('div')
  render(h(QrCode, { uri: URI, label: 'QR code for Test', imageUrl: 'https://wallet.example/icon.png' }), host)
  const svg = host.querySelector('svg.qr')!
  assert.is(svg.getAttribute('role'), 'img')
  assert.is(svg.getAttribute('aria-label'), 'QR code for Test')
  assert.is(svg.querySelector('path')!.getAttribute('d'), qrLayout(URI).path)
  assert.is(svg.querySelector('image')!.getAttribute('href'), 'https://wallet.example/icon.png')
  render(h(QrCode, { uri: URI, label: 'QR', imageUrl: 'javascript:alert(1)' }), host)
  assert.is(host.querySelector('image'), null, 'an unsafe icon is never used')
  assert.ok(host.querySelector('svg.qr svg path[fill="#3396ff"]'), 'the WalletConnect logo instead')
})

test.run()
