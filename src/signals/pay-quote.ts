// AppKit Pay's quote flow reaches the provider API here (the views' actions call signals, and
// signals call the api/ clients): the payer's balances, an exchange's assets, a transfer quote and its status.
import { getBalances } from '../api/blockchain'
import { getAssetsForExchange, getQuoteStatus, getTransfersQuote, type TransfersQuoteBody } from '../api/transfers'
import type { Store } from './store'

export { QuoteApiError, type TransfersQuoteBody } from '../api/transfers'

const apiOf = (store: Store) => ({ baseUrl: store.options.apiUrl, projectId: store.options.projectId })

export const payerBalances = (store: Store, address: string, chainId?: string) => getBalances(apiOf(store), address, { chainId })
export const transfersQuote = (store: Store, body: TransfersQuoteBody) => getTransfersQuote(apiOf(store), body)
export const quoteStatus = (store: Store, requestId: string) => getQuoteStatus(apiOf(store), requestId)
export const exchangeAssets = (store: Store, exchangeId: string) => getAssetsForExchange(apiOf(store), exchangeId)
