/** A site's callback (subscribe*, an events listener) threw: reported on the console, as AppKit's are, never swallowed. */
export function reportCallbackError(error: unknown): void {
  console.error('[postern] a subscriber threw', error)
}
