/** Replaced by build.mjs: true in development builds, false in the published bundles. */
declare const __DEV__: boolean
