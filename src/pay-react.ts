// postern/pay/react: AppKit 1.8's @reown/appkit-pay/react hooks, on the site's own React.
export { usePay, useAvailableExchanges, usePayUrlActions, useExchangeBuyStatus } from './react/pay'
export type { ExchangeBuyStatus } from './react/pay'
