/**
 * The supported locale nearest a BCP 47 tag: the same tag (any case), else the same language
 * (pt-PT → pt-BR, zh-TW → zh-CN, de-AT → de), else English. Pure: the secure site's pages use it
 * without the modal's catalogues.
 */
export function matchLocale(wanted: string, supported: readonly string[]): string {
  const tag = wanted.trim().replace(/_/g, '-').toLowerCase()
  return supported.find((l) => l.toLowerCase() == tag) ?? supported.find((l) => l.split('-')[0] == tag.split('-')[0]) ?? 'en'
}
