import { useCallback, useRef } from 'preact/hooks'
import { adoptStyles } from './adopt'

export { adoptStyles }

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
