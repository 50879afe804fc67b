import type { ViewProps } from './view-props'
import { emitEvent } from '../signals/events'
import { t } from '../ui/base'

/**
 * AppKit's "What is a wallet?" (the help button on Connect): what a wallet is for, and "Get a
 * wallet", which leads to the catalogue, where each wallet offers its store links.
 */
export function WhatIsAWallet({ store }: ViewProps) {
  const points = [
    [t('One login for all of web3'), t('Log in to any app by connecting your wallet. Say goodbye to countless passwords!')],
    [t('A home for your digital assets'), t('A wallet lets you store, send and receive digital assets like cryptocurrencies and NFTs.')],
    [t('Your gateway to a new web'), t('With your wallet, you can explore and interact with DeFi, NFTs, DAOs, and much more.')],
  ]
  const getWallet = () => {
    emitEvent(store, 'CLICK_GET_WALLET_HELP')
    // Straight to the catalogue, as AppKit's GetWallet view: this is no click on its All Wallets entry.
    store.modal.stack.value = [...store.modal.stack.peek(), { view: 'AllWallets' }]
  }
  return (
    <div class="stack">
      {points.map(([title, text]) => (
        <div key={title}>
          <p><strong>{title}</strong></p>
          <p class="muted">{text}</p>
        </div>
      ))}
      <button type="button" class="btn wide" onClick={getWallet}>{t('Get a wallet')}</button>
    </div>
  )
}
