// The device a run emulates. 'desktop': a 1280 × 800 window on this machine as it is. 'phone': a
// mid-range phone on a mobile network, over the DevTools protocol: the CPU throttled × 4,
// 150 ms round trips, 1.6 Mbps down and 750 kbps up, a 390 × 844 touch screen; its runs also
// measure a tap on the site's connect button (the page opened with '#tap'), and the pages are
// served compressed, as a site's host would. viewWait: how long a run waits for a connect view
// (AppKit's took 27–30 s on the phone profile on a loaded machine: 30 s cut some off).
export const PROFILES = {
  desktop: { context: { viewport: { width: 1280, height: 800 } }, tap: false, viewWait: 30_000 },
  phone: {
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    tap: true,
    compress: true,
    viewWait: 90_000,
    cpuRate: 4,
    network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  },
}

/** `--profile NAME` taken out of a script's arguments: the profile's name and the arguments left. */
export function profileFromArgs(argv) {
  const args = [...argv]
  const at = args.findIndex((a) => a === '--profile' || a.startsWith('--profile='))
  let name = 'desktop'
  if (at >= 0) {
    name = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1]
    args.splice(at, args[at].includes('=') ? 1 : 2)
  }
  if (!PROFILES[name]) throw new Error(`unknown profile ${name}; one of ${Object.keys(PROFILES).join(', ')}`)
  return { name, profile: PROFILES[name], args }
}

/** Applies the profile's CPU and network emulation to a page's DevTools session (before navigation). */
export async function emulate(cdp, profile) {
  if (profile.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate })
  if (profile.network) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', profile.network)
  }
}
