// AppKit Pay's React hooks (@reown/appkit-pay/react 1.8) on the site's React: the payment's
// state, the exchanges, pay URLs and an exchange payment's status, as AppKit's hooks give them.
import { useCallback, useEffect, useRef, useState } from 'react'
import { getAvailableExchanges, getPayUrl, openPayUrl } from '../pay/client'
import { PayController } from '../pay/controller'
import { AppKitPayError, AppKitPayErrorCodes, type AppKitPayErrorMessage } from '../utils/pay-errors'
import type { Exchange, GetExchangesParams, PayResult, PayUrlParams, PayUrlResponse, PaymentOptions } from '../utils/pay-types'

/** AppKit's: a status is asked at most this often. */
const MINIMUM_POLLING_INTERVAL = 3000

/** The payment's state and open(), with AppKit's onSuccess and onError callbacks. */
export function usePay(parameters?: { onSuccess?: (data: PayResult) => void; onError?: (error: AppKitPayErrorMessage) => void }) {
  const { onSuccess, onError } = parameters ?? {}
  const [isLoading, setIsLoading] = useState(PayController.state.isLoading)
  const [isPaymentInProgress, setIsPaymentInProgress] = useState(PayController.state.isPaymentInProgress)
  const [error, setError] = useState<AppKitPayErrorMessage | null>(PayController.state.error)
  const [data, setData] = useState<PayResult | null>(PayController.state.currentPayment?.result ?? null)

  useEffect(() => {
    const offs = [
      PayController.subscribeKey('isLoading', setIsLoading),
      PayController.subscribeKey('isPaymentInProgress', (value) => {
        setIsPaymentInProgress(value)
        const result = PayController.state.currentPayment?.result ?? null
        setData(result)
        if (result) {
          onSuccess?.(result)
          setError(null)
        }
      }),
      PayController.subscribeKey('error', (value) => {
        setError(value)
        if (value) {
          onError?.(value)
          setData(null)
        }
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [onSuccess, onError])

  const open = useCallback(async (options: PaymentOptions) => {
    setError(null)
    setData(null)
    await PayController.handleOpenPay(options)
  }, [])

  const isError = error !== null
  return { open, isPending: isLoading || isPaymentInProgress, isSuccess: data !== null && !isError, isError, error, data }
}

/** The exchanges for an asset and amount, fetched on mount unless told not to. */
export function useAvailableExchanges(options?: { shouldFetchOnInit?: boolean } & GetExchangesParams) {
  const { shouldFetchOnInit = true, page, asset, amount, network } = options ?? {}
  const [data, setData] = useState<Exchange[] | null>(null)
  const [isLoading, setIsLoading] = useState(shouldFetchOnInit)
  const [error, setError] = useState<Error | null>(null)

  const fetch = useCallback(async (params?: GetExchangesParams) => {
    setIsLoading(true)
    setError(null)
    try {
      setData((await getAvailableExchanges(params)).exchanges)
    } catch (err) {
      setError(err instanceof Error ? err : new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_EXCHANGES))
      setData(null)
    } finally {
      setIsLoading(false)
    }
  }, [])

  useEffect(() => {
    if (shouldFetchOnInit) void fetch({ page, asset, amount, network })
  }, [shouldFetchOnInit, page])

  return { data, isLoading, error, fetch }
}

/** getUrl and openUrl for an exchange, as AppKit's usePayUrlActions. */
export function usePayUrlActions(): {
  getUrl: (exchangeId: string, params: PayUrlParams) => Promise<PayUrlResponse>
  openUrl: (exchangeId: string, params: PayUrlParams, openInNewTab?: boolean) => Promise<PayUrlResponse>
} {
  const getUrl = useCallback((exchangeId: string, params: PayUrlParams) => getPayUrl(exchangeId, params), [])
  const openUrl = useCallback((exchangeId: string, params: PayUrlParams, openInNewTab?: boolean) => openPayUrl(exchangeId, params, openInNewTab), [])
  return { getUrl, openUrl }
}

export interface ExchangeBuyStatus {
  status: 'UNKNOWN' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'
  txHash?: string
}

/** An exchange payment's status, asked again every pollingInterval (3 s at least) until it ends. */
export function useExchangeBuyStatus(params: {
  exchangeId: string
  sessionId: string
  pollingInterval?: number
  isEnabled?: boolean
  onSuccess?: (data: ExchangeBuyStatus) => void
  onError?: (error: Error) => void
}) {
  const { exchangeId, sessionId, pollingInterval, isEnabled = true, onSuccess, onError } = params
  const [data, setData] = useState<ExchangeBuyStatus | null>(null)
  const [isLoading, setIsLoading] = useState(isEnabled)
  const [error, setError] = useState<Error | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const stop = () => {
    if (timer.current !== null) clearInterval(timer.current)
    timer.current = null
  }

  const fetchStatus = useCallback(async (showLoading: boolean): Promise<ExchangeBuyStatus> => {
    if (showLoading) {
      setIsLoading(true)
      setError(null)
    }
    try {
      const status = await PayController.getBuyStatus(exchangeId, sessionId)
      setData(status)
      setError(null)
      onSuccess?.(status)
      return status
    } catch (err) {
      const failure = err instanceof Error ? err : new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_BUY_STATUS)
      setError(failure)
      onError?.(failure)
      throw failure
    } finally {
      if (showLoading) setIsLoading(false)
    }
  }, [exchangeId, sessionId, onSuccess, onError])

  useEffect(() => {
    if (isEnabled) {
      fetchStatus(true).catch(() => undefined)
      return
    }
    setData(null)
    setError(null)
    setIsLoading(false)
    stop()
  }, [isEnabled, exchangeId, sessionId])

  useEffect(() => {
    const ended = data?.status === 'SUCCESS' || data?.status === 'FAILED'
    stop()
    if (isEnabled && pollingInterval && pollingInterval > 0 && !ended) {
      timer.current = setInterval(() => void fetchStatus(false).catch(stop), Math.max(pollingInterval, MINIMUM_POLLING_INTERVAL))
    }
    return stop
  }, [isEnabled, pollingInterval, data?.status])

  const refetch = useCallback(async () => {
    if (isEnabled) await fetchStatus(true)
  }, [fetchStatus, isEnabled])

  return { data, isLoading, error, refetch }
}
