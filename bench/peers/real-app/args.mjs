// `npm run bench:peers -- --real-app <appkit-web-examples> [--profile desktop|phone] [runs]`: the
// arguments of the real-app mode. Without --profile it measures both profiles, desktop first.
import { profileFromArgs, PROFILES } from '../profile.mjs'

export function realAppArgs(argv) {
  const args = [...argv]
  const at = args.indexOf('--real-app')
  if (at < 0) return null
  const source = args[at + 1]
  if (!source || source.startsWith('--')) throw new Error('--real-app needs the path of reown-com/appkit-web-examples (a folder or a bare git directory)')
  args.splice(at, 2)
  const named = args.some((a) => a === '--profile' || a.startsWith('--profile='))
  const { name, args: rest } = profileFromArgs(args)
  if (rest.length > 1 || (rest.length && !(Number(rest[0]) > 0))) throw new Error(`--real-app takes one more argument, the number of runs; got ${rest.join(' ')}`)
  return { source, profiles: named ? [name] : Object.keys(PROFILES), runs: Number(rest[0]) || undefined }
}
