const FOCUSABLE = 'button:not([disabled]),a[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

export function focusables(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden],[inert]'))
}

/** The element that really has focus, looking through shadow roots (buttons live in their own). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/** Keeps Tab and Shift+Tab inside the dialog. */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const items = focusables(container)
  if (items.length === 0) {
    event.preventDefault()
    return
  }
  const root = container.getRootNode() as Document | ShadowRoot
  const active = root.activeElement as HTMLElement | null
  const first = items[0]!
  const last = items[items.length - 1]!
  const inside = !!active && container.contains(active)
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}
