// Apart from sheet.ts (hooks): the modal's late rules adopt through this without fetching preact/hooks.

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
