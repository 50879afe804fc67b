// An origin against a project's allowed-origin patterns (`*` matches within one URL part). Kept
// free of dependencies: the secure site's server (postern-secure) bundles it for its headers.

/** Whether `origin` matches one of `patterns` exactly, `*` standing for any run of non-slash characters. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => {
    const escaped = p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
    return new RegExp(`^${escaped}$`).test(origin)
  })
}
