/**
 * Every code-split part the loader may fetch, in one place. The CDN classic build swaps
 * this module for one that imports the same chunks relative to the script's own URL.
 */
export const loadModal = () => import('./views/mount')
