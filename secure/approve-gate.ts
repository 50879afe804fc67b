// Approve works only once the approval has been seen: 500 ms after the buttons became fully
// visible and unobscured, and only while they stay so. Chromium tells with IntersectionObserver v2
// (trackVisibility: opacity, transforms, filters and anything drawn over the frame); elsewhere the
// delay alone applies. Any loss of visibility disables Approve and starts the delay again.
// The frame must also be about the size the modal gives it (360 x 480, narrower on a phone): a
// page that squeezes it keeps the buttons in view while the request's details get no room.

export const VISIBLE_MS = 500
/** The smallest frame that still shows a request's details beside its buttons. */
export const MIN_WIDTH = 280
export const MIN_HEIGHT = 400
export const TOO_SMALL = 'This window is too small to show the whole request. Approve works once it is shown in full.'

const fits = () => window.innerWidth >= MIN_WIDTH && window.innerHeight >= MIN_HEIGHT

interface VisibilityEntry extends IntersectionObserverEntry { isVisible?: boolean }

/** Whether this browser reports occlusion (IntersectionObserver v2). */
export function tracksVisibility(): boolean {
  return typeof IntersectionObserver !== 'undefined' && typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

/**
 * Keeps the buttons disabled until `target` has been seen long enough in a frame big enough to
 * show the request (`tooSmall` says so otherwise); returns the cleanup. Reject waits too: a
 * decision taken before the approval was seen is not the visitor's either way.
 */
export function gateUntilSeen(target: Element, buttons: HTMLButtonElement[], tooSmall: HTMLElement): () => void {
  const setDisabled = (disabled: boolean) => buttons.forEach((b) => (b.disabled = disabled))
  let timer: ReturnType<typeof setTimeout> | undefined
  const hidden = () => {
    clearTimeout(timer)
    timer = undefined
    setDisabled(true)
  }
  /** What the observer (or, without one, the page's visibility) last said. */
  let visible = false
  const update = () => {
    tooSmall.hidden = fits()
    if (!visible || !fits()) return hidden()
    if (timer !== undefined || !buttons[0]!.disabled) return
    timer = setTimeout(() => setDisabled(false), VISIBLE_MS)
  }
  const onPageVisibility = () => {
    if (document.visibilityState !== 'visible') visible = false
    else if (!tracksVisibility()) visible = true
    update()
  }
  document.addEventListener('visibilitychange', onPageVisibility)
  window.addEventListener('resize', update)
  let observer: IntersectionObserver | undefined
  if (tracksVisibility()) {
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as VisibilityEntry
      visible = !!entry.isVisible && entry.intersectionRatio >= 0.999
      update()
    }, { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit)
    observer.observe(target)
  } else {
    visible = true
  }
  setDisabled(true)
  update()
  return () => {
    clearTimeout(timer)
    observer?.disconnect()
    document.removeEventListener('visibilitychange', onPageVisibility)
    window.removeEventListener('resize', update)
  }
}
