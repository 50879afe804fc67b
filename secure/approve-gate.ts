// Approve works only once the approval has been seen: 500 ms after the buttons became fully
// visible and unobscured, and only while they stay so. Chromium tells with IntersectionObserver v2
// (trackVisibility: opacity, transforms, filters and anything drawn over the frame); elsewhere the
// delay alone applies. Any loss of visibility disables Approve and starts the delay again.

export const VISIBLE_MS = 500

interface VisibilityEntry extends IntersectionObserverEntry { isVisible?: boolean }

/** Whether this browser reports occlusion (IntersectionObserver v2). */
export function tracksVisibility(): boolean {
  return typeof IntersectionObserver !== 'undefined' && typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

/**
 * Keeps the buttons disabled until `target` has been seen long enough; returns the cleanup. Reject
 * waits too: a decision taken before the approval was seen is not the visitor's either way.
 */
export function gateUntilSeen(target: Element, buttons: HTMLButtonElement[]): () => void {
  const setDisabled = (disabled: boolean) => buttons.forEach((b) => (b.disabled = disabled))
  let timer: ReturnType<typeof setTimeout> | undefined
  const hidden = () => {
    clearTimeout(timer)
    timer = undefined
    setDisabled(true)
  }
  const seen = () => {
    if (timer !== undefined || !buttons[0]!.disabled) return
    timer = setTimeout(() => setDisabled(false), VISIBLE_MS)
  }
  hidden()
  const onPageVisibility = () => (document.visibilityState === 'visible' ? !tracksVisibility() && seen() : hidden())
  document.addEventListener('visibilitychange', onPageVisibility)
  let observer: IntersectionObserver | undefined
  if (tracksVisibility()) {
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as VisibilityEntry
      if (entry.isVisible && entry.intersectionRatio >= 0.999) seen()
      else hidden()
    }, { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit)
    observer.observe(target)
  } else {
    seen()
  }
  return () => {
    clearTimeout(timer)
    observer?.disconnect()
    document.removeEventListener('visibilitychange', onPageVisibility)
  }
}
