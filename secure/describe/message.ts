// What a message signature shows: readable text as it is; anything else (bytes that are not
// printable UTF-8, or exactly 32 bytes, the size of a hash a contract may take as an
// authorization) as hex under a warning, never as text garbled by a decoder.
import { bytesToHex, hexToBytes, isHex } from 'viem'

export const NOT_TEXT_WARNING = 'This is not readable text. Sign it only if you trust this site: it can authorize transactions.'

export interface MessageView { body: string; warning?: string }

/** Printable: decodes as UTF-8 and holds no control characters but tab and line breaks. */
function printable(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text) ? undefined : text
  } catch {
    return undefined
  }
}

/** The view of the bytes a signature covers. */
export function describeBytes(bytes: Uint8Array): MessageView {
  const text = bytes.length === 32 ? undefined : printable(bytes)
  if (text !== undefined) return { body: text }
  return { body: bytesToHex(bytes), warning: NOT_TEXT_WARNING }
}

/** personal_sign's message as the signature takes it: 0x-hex is the bytes, anything else UTF-8 text. */
export const messageBytes = (data: string): Uint8Array => (isHex(data) ? hexToBytes(data) : new TextEncoder().encode(data))

/** personal_sign's message as the approval shows it. */
export function describeMessage(data: string): MessageView {
  return describeBytes(messageBytes(data))
}
