// Runs `fn` with console.warn collected instead of printed, and gives back what was warned (each
// call's arguments joined by spaces); console.warn is restored even when `fn` throws.
export async function collectWarnings(fn: () => unknown): Promise<string[]> {
  const warnings: string[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
  try {
    await fn()
  } finally {
    console.warn = warn
  }
  return warnings
}
