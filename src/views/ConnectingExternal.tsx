import { useEffect, useState } from 'preact/hooks'
import type { ViewProps } from './view-props'
import { connectWallet } from '../signals/wallet'
import { closeModal } from '../signals/modal'
import { errorMessage, isUserRejected } from '../utils/errors'
import { WalletImage } from '../ui/WalletImage'
import { Spinner } from '../ui/Spinner'
import { t } from '../ui/base'

type Phase = 'waiting' | 'rejected' | 'error'

/** Asks an installed wallet to connect; rejected and failed attempts offer a retry. */
export function ConnectingExternal({ store, route }: ViewProps) {
  const connector = store.connection.connectors.value.find((c) => c.uid === route.data?.connectorUid)
  const [phase, setPhase] = useState<Phase>('waiting')
  const [message, setMessage] = useState('')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!connector) return
    let live = true
    setPhase('waiting')
    // The first attempt is usually under way already: Connect asks the wallet on the click.
    const pending = attempt === 0 ? (route.data?.pending as Promise<void> | undefined) : undefined
    ;(pending ?? connectWallet(store, connector)).then(
      () => live && closeModal(store),
      (error) => {
        if (!live) return
        setPhase(isUserRejected(error) ? 'rejected' : 'error')
        setMessage(errorMessage(error))
      },
    )
    return () => {
      live = false
    }
  }, [connector?.uid, attempt])

  if (!connector) return <p class="center muted">{t('This wallet is no longer available.')}</p>
  return (
    <div class="center">
      <WalletImage src={connector.imageUrl} name={connector.name} size={80} />
      {phase === 'waiting' && (
        <>
          <Spinner label={t('Waiting for {name}', { name: connector.name })} />
          <p>{t('Continue in {name}', { name: connector.name })}</p>
          <p class="muted">{t('Accept connection request in the wallet')}</p>
        </>
      )}
      {phase === 'rejected' && (
        <>
          <p class="error" role="alert">{t('Connection declined')}</p>
          <p class="muted">{t('Connection can be declined if a previous request is still active')}</p>
        </>
      )}
      {phase === 'error' && (
        <>
          <p class="error" role="alert">{t('Connection failed')}</p>
          <p class="muted">{t(message)}</p>
        </>
      )}
      {phase !== 'waiting' && (
        <button type="button" class="btn" onClick={() => setAttempt((n) => n + 1)}>{t('Try again')}</button>
      )}
    </div>
  )
}
