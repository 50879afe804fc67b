// The examples check's work folders hold each app's extracted sources and node_modules (hundreds of
// MB each; a run over every app filled the disk). Once an app is done only its logs and results stay.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** What an app's work folder keeps after its run: the build's logs, the results and the failure's screenshot. */
export const KEPT_FILES = ['examples-build.log', 'examples-bundler.log', 'examples-build.json', 'examples-result.json', 'examples-failure.png']

/** Removes everything in `dir` but KEPT_FILES (nothing when `dir` does not exist). */
export function clearWorkFolder(dir) {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir)) {
    if (!KEPT_FILES.includes(entry)) rmSync(join(dir, entry), { recursive: true, force: true })
  }
}
