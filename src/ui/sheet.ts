import { useCallback, useRef } from 'preact/hooks'

/**
 * Adds a stylesheet after the root's others and returns its removal. An adopted sheet needs no
 * 'unsafe-inline' in the site's style-src; a browser without them gets a <style> carrying the
 * nonce of the modal's own <style> (the site's `nonce` option, see views/mount).
 */
export function adoptStyles(root: ShadowRoot, css: string): () => void {
  if (root.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => void (root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet))
  }
  const style = document.createElement('style')
  style.nonce = root.querySelector('style')?.nonce ?? ''
  style.textContent = css
  root.append(style)
  return () => style.remove()
}

/**
 * A view's own rules, in the shadow root of the element given this ref, while it is shown:
 * `<div ref={useStyles(CSS)}>`. A ref, not a context, so the modal's first chunk stays as small.
 */
export function useStyles(css: string): (element: Element | null) => void {
  const release = useRef<() => void>()
  return useCallback((element: Element | null) => {
    release.current?.()
    release.current = element ? adoptStyles(element.getRootNode() as ShadowRoot, css) : undefined
  }, [css])
}
