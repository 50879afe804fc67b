// PosternError lives in its own module so the loader (option errors) takes nothing else of this one.
export { PosternError } from './posterror'

export const USER_REJECTED = 4001
/** A sign-in service that could not be reached or failed on its side (a 5xx): worth trying again. */
export const SIWX_UNAVAILABLE = 'SIWX_SERVICE_UNAVAILABLE'

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
