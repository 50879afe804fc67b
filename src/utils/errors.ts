/** An error with a stable string code: survives minification and chunk boundaries. */
export class PosternError extends Error {
  readonly code: string | number
  constructor(message: string, code: string | number, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PosternError'
    this.code = code
  }
}

export const USER_REJECTED = 4001

/** SPEC section 8: code 4001, or a message saying 'user rejected' or 'connection request reset'. */
export function isUserRejected(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code === USER_REJECTED) return true
  const text = typeof message === 'string' ? message.toLowerCase() : ''
  return text.includes('user rejected') || text.includes('connection request reset')
}

/** A message fit for a person, whatever was thrown. */
export function errorMessage(error: unknown, fallback = 'An error occurred'): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message
    if (typeof message === 'string' && message) return message
  }
  return typeof error === 'string' && error ? error : fallback
}
