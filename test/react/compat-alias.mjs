// Module hook: inside this test process, `react` is preact/compat, as a Preact site's bundler does.
export async function resolve(specifier, context, next) {
  if (specifier === 'react' || specifier === 'react-dom') return next('preact/compat', context)
  if (specifier === 'react-dom/client') return next('preact/compat/client', context)
  return next(specifier, context)
}
