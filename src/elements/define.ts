import { effect } from '@preact/signals-core'
import { currentInstance, getCurrentInstance } from '../instance'
import { activeAccount } from '../signals/account'
import { formatBalance } from '../utils/format'
import { truncateAddress } from '../utils/address'
import { BUTTON_CSS } from './styles'
import type { ViewName } from '../signals/modal'
import type { AppKit } from '../kit'

type Kind = 'button' | 'connect' | 'account' | 'network' | 'modal'

const KINDS: Record<string, Kind> = { button: 'button', 'connect-button': 'connect', 'account-button': 'account', 'network-button': 'network', modal: 'modal' }
/** AppKit's appkit-* elements and their w3m-* twins (the Web3Modal names AppKit still defines); the modal's host too. */
const TAGS: [string, Kind][] = Object.entries(KINDS).flatMap(([name, kind]) => [[`appkit-${name}`, kind], [`w3m-${name}`, kind]])

interface Face {
  variant: 'connect' | 'account' | 'network'
  text: string
  detail?: string
  view?: ViewName
  busy?: boolean
}

const chars = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined)

/** What a button shows, from the instance's signals and the element's attributes (AppKit's names). */
function face(kind: Kind, kit: AppKit | undefined, attr: (name: string) => string | null): Face {
  const store = kit?.store
  const account = store ? activeAccount(store) : undefined
  const connected = !!account?.address && account.status === 'connected'
  if (kind === 'network') {
    const network = store?.network.activeNetwork.value
    const unsupported = store?.network.unsupported.value
    return { variant: 'network', text: unsupported ? 'Switch Network' : network?.name ?? 'Network', view: 'Networks' }
  }
  if (kind === 'account' || (kind === 'button' && connected)) {
    const showBalance = attr('balance') !== 'hide' && account?.balance !== undefined
    return {
      variant: 'account',
      text: account?.profileName ?? (account?.address ? truncateAddress(account.address, chars(attr('charsStart')) ?? 4, chars(attr('charsEnd')) ?? 4) : 'No account'),
      detail: showBalance ? `${formatBalance(account!.balance)} ${account!.balanceSymbol ?? ''}`.trim() : undefined,
      view: 'Account',
    }
  }
  const busy = store?.connection.status.value === 'connecting' && store.modal.open.value
  return {
    variant: 'connect',
    text: busy ? attr('loadingLabel') ?? attr('loading-label') ?? 'Connecting...' : attr('label') ?? 'Connect Wallet',
    busy,
  }
}

/**
 * Defines the four AppKit buttons as plain DOM elements over signals, so the loader needs no
 * UI framework. Called from createAppKit, never at import (there is no HTMLElement on a server).
 */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return
  for (const [tag, kind] of TAGS) {
    if (customElements.get(tag)) continue
    customElements.define(tag, kind == 'modal' ? modalHost() : buttonClass(kind))
  }
}

/**
 * AppKit's <appkit-modal> and <w3m-modal>: placed by the site, the modal renders in it (the
 * modal's code finds it); with enableEmbedded it renders there inline at once, as AppKit's does.
 */
const modalHost = () =>
  class extends HTMLElement {
    connectedCallback() {
      const store = getCurrentInstance()?.store
      if (store?.options.enableEmbedded) store.ui.mount?.()
    }
  }

function buttonClass(kind: Kind) {
  return class extends HTMLElement {
    // No class fields here or in any loader class: a site bundling for es2020 would lower them
    // to a helper shared with the lazy chunks, a file its entry must then wait for.
    static get observedAttributes() {
      return ['size', 'label', 'loading-label', 'balance', 'disabled', 'namespace', 'loadinglabel', 'charsstart', 'charsend']
    }
    private declare stop?: () => void
    private declare button?: HTMLButtonElement
    private declare current?: Face

    connectedCallback() {
      if (!this.button) this.build()
      this.stop ??= effect(() => this.update())
    }

    disconnectedCallback() {
      this.stop?.()
      this.stop = undefined
    }

    attributeChangedCallback() {
      if (this.stop) this.update()
    }

    private update() {
      this.render(face(kind, currentInstance().value, (n) => this.getAttribute(n)))
    }

    private build() {
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      // An adopted sheet, not a <style> element: no 'unsafe-inline' needed in a site's CSP.
      ;(root.adoptedStyleSheets = [new CSSStyleSheet()])[0]!.replaceSync(BUTTON_CSS)
      const button = (this.button = document.createElement('button'))
      button.setAttribute('part', 'button')
      button.type = 'button'
      button.addEventListener('click', () => this.activate())
      root.append(button)
    }

    private render(f: Face) {
      this.current = f
      const button = this.button!
      const disabled = this.hasAttribute('disabled') && this.getAttribute('disabled') !== 'false'
      button.disabled = disabled || !!f.busy
      button.dataset.size = this.getAttribute('size') === 'sm' ? 'sm' : 'md'
      button.dataset.variant = f.variant
      button.setAttribute('aria-busy', String(!!f.busy))
      const parts: Node[] = []
      if (f.detail) parts.push(document.createTextNode(f.detail))
      if (f.variant === 'account') {
        const address = document.createElement('span')
        address.className = 'addr'
        address.append(f.text)
        parts.push(address)
      } else {
        parts.push(document.createTextNode(f.text))
      }
      button.replaceChildren(...parts)
    }

    private activate() {
      const kit = getCurrentInstance()
      if (!kit) return console.error(`[postern] call createAppKit before using <${this.localName}>`)
      const namespace = this.getAttribute('namespace') ?? undefined
      kit.open({ view: this.current?.view, namespace }).catch((error) => console.error('[postern] the modal failed to load', error))
    }
  }
}
