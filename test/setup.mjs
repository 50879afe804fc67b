// Preloaded for unit tests, before tsx: a browser-like global scope from happy-dom. Plain
// JavaScript so it loads ahead of tsx's module hooks: through them, happy-dom's few hundred modules
// cost each unit file's process about half a second of CPU more.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost:3000/', width: 1280, height: 800 })
globalThis.__DEV__ = true
