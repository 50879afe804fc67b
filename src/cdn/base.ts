// Captured while the classic script runs: later, document.currentScript is null.
const scriptUrl = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null)?.src : undefined

/** A chunk's URL relative to the classic script's own URL, wherever the site hosts it. */
export function chunkUrl(file: string): string {
  return new URL(file, scriptUrl ?? location.href).href
}

/** The loader of one classic chunk (build.mjs writes the chunks.ts registries with it). */
export const classicChunk = (name: string) => () => import(chunkUrl(`classic/${name}.js`))
