// The Pay views' route entries: each opened with its route (views/Modal.tsx reads route.data.view),
// so a site without postern/pay carries none of them in the modal chunk.
const load = () => import('../lazy/pay/index')
export const PAY_VIEW = { title: () => 'How you pay', load: () => load().then((m) => m.Pay) }
export const PAY_LOADING_VIEW = { title: () => 'Processing payment...', load: () => load().then((m) => m.PayLoading) }
export const PAY_QUOTE_VIEW = { title: () => 'Payment Quote', load: () => import('../lazy/pay/quote').then((m) => m.PayQuote) }
