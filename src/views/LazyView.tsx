import { useEffect, useState } from 'preact/hooks'
import type { FunctionComponent } from 'preact'
import type { ViewEntry } from './routes'
import type { ViewProps } from './view-props'
import { Spinner, t } from '../ui/base'
import { late } from './late-css'

const loaded = new WeakMap<ViewEntry, FunctionComponent<ViewProps>>()

/** Renders a view from its own chunk: a spinner while it loads, a retry if the fetch fails. */
export function LazyView({ entry, ...props }: ViewProps & { entry: ViewEntry }) {
  const [, setVersion] = useState(0)
  const [failed, setFailed] = useState(false)
  const View = entry.component ?? loaded.get(entry)

  useEffect(() => {
    if (View || failed || !entry.load) return
    let live = true
    Promise.all([entry.load(), late.css]).then(
      ([component]) => {
        loaded.set(entry, component)
        if (live) setVersion((n) => n + 1)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [entry, failed])

  if (View) return <View {...props} />
  if (failed) {
    return (
      <div class="center">
        <p class="error" role="alert">{t('This view could not be loaded.')}</p>
        <button type="button" class="btn" onClick={() => setFailed(false)}>{t('Try again')}</button>
      </div>
    )
  }
  return <div class="center"><Spinner label={t('Loading')} /></div>
}
