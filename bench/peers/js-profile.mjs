// A V8 CPU profile (DevTools' Profiler) as JS own time: per script file and per function, so the
// main thread's "FunctionCall" and "v8.evaluateModule" split into whose code ran. Samples outside
// any script keep V8's names: (idle), (program), (garbage collector); frames without a URL (the
// page's inline scripts, the bench's injected observer, the browser's built-ins such as
// requestAnimationFrame) count as '(no url)'. Pure: used by
// main-thread.mjs --js, tested in test/bench.

/** `profile`: Profiler.stop()'s profile. Returns { files: [[file, ms]], functions: [[label, ms]] }, largest first, `top` functions. */
export function jsSelfTimes(profile, top = 15) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const files = new Map()
  const functions = new Map()
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms)
  profile.samples.forEach((id, i) => {
    // Each sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const frame = nodes.get(id)
    if (!frame || ms <= 0) return
    const file = frame.url ? frame.url.split('?')[0].split('/').pop() || frame.url : frame.functionName.startsWith('(') ? frame.functionName : '(no url)'
    add(files, file, ms)
    if (frame.url || !frame.functionName.startsWith('(')) add(functions, `${file} ${frame.functionName || '(anonymous)'} :${frame.lineNumber + 1}:${frame.columnNumber + 1}`, ms)
  })
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1])
  return { files: sorted(files), functions: sorted(functions).slice(0, top) }
}
