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

/** Keeps `button` disabled until `target` has been seen long enough; returns the cleanup. */
export function gateUntilSeen(target: Element, button: HTMLButtonElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const hidden = () => {
    clearTimeout(timer)
    timer = undefined
    button.disabled = true
  }
  const seen = () => {
    if (timer !== undefined || !button.disabled) return
    timer = setTimeout(() => (button.disabled = false), VISIBLE_MS)
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
