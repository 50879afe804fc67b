// What the instance does on demand but never needs before the first open: one lazy chunk
// (chunks.ts loadActions), so the loader holds only the state these actions change.
export { openModal, closeModal } from './modal'
export { showToast } from './toast'
export { updateFeatures, updateOptions } from './options-update'
export * from './kit-async'
