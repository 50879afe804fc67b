/** An error with a stable string code: survives minification and chunk boundaries. */
export class PosternError extends Error {
  declare readonly code: string | number
  constructor(message: string, code: string | number, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PosternError'
    this.code = code
  }
}
