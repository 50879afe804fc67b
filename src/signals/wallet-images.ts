import type { Store } from './store'

/** SPEC section 9: an image preload gives up after 2 s. */
export const IMAGE_TIMEOUT_MS = 2000

/** Per instance: each URL's preload, and how the settled ones ended. */
const state = new WeakMap<Store, { images: Map<string, Promise<boolean>>; settled: Map<string, boolean> }>()

function runtime(store: Store) {
  let entry = state.get(store)
  if (!entry) state.set(store, (entry = { images: new Map(), settled: new Map() }))
  return entry
}

/**
 * Loads an image once per URL; true when it arrived within 2 s. After that the preload gives
 * up for good and the placeholder stays (a late image does not pop in).
 */
export function preloadImage(store: Store, url: string): Promise<boolean> {
  const { images, settled } = runtime(store)
  let loaded = images.get(url)
  if (!loaded) {
    loaded = new Promise<boolean>((resolve) => {
      if (typeof Image !== 'function') return resolve(false)
      const img = new Image()
      const timer = setTimeout(() => done(false), IMAGE_TIMEOUT_MS)
      const done = (ok: boolean) => {
        clearTimeout(timer)
        img.onload = img.onerror = null
        settled.set(url, ok)
        resolve(ok)
      }
      img.onload = () => done(true)
      img.onerror = () => done(false)
      img.src = url
    })
    images.set(url, loaded)
  }
  return loaded
}

/** Whether a preload already settled: true loaded, false gave up, undefined not yet. */
export function imageLoaded(store: Store, url: string): boolean | undefined {
  return runtime(store).settled.get(url)
}
