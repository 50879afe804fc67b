import { rename, writeFile } from 'node:fs/promises'

/** Write to a temporary file, then rename: a reader (or a crash) never sees half a file. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, text)
  await rename(temporary, file)
}
