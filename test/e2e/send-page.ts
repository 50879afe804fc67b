// The send view's controls as the e2e tests use them, found by their labels where they have one.
import type { Locator, Page } from 'playwright-core'

export interface SendForm {
  modal: Locator
  token: Locator
  amount: Locator
  receiver: Locator
  max: Locator
  fee: Locator
  value: Locator
  submit: Locator
  confirm: Locator
  /** Picks the token whose option value (CAIP-10 address, or native:SYMBOL) ends with this. */
  choose(ending: string): Promise<void>
  /** Waits until the form's alert says exactly this. */
  error(text: string): Promise<void>
}

export function sendForm(page: Page): SendForm {
  const modal = page.locator('w3m-modal')
  const token = modal.getByLabel('Token', { exact: true })
  return {
    modal,
    token,
    amount: modal.locator('#send-amount'),
    receiver: modal.getByLabel('Receiver address'),
    max: modal.locator('button.max'),
    fee: modal.locator('[data-testid=send-fee]'),
    value: modal.locator('[data-testid=send-value]'),
    submit: modal.locator('[data-testid=send-submit]'),
    confirm: modal.locator('[data-testid=send-confirm]'),
    async choose(ending) {
      const option = token.locator(`option[value$="${ending}"]`)
      await option.waitFor({ state: 'attached' })
      await token.selectOption((await option.getAttribute('value'))!)
    },
    async error(text) {
      await modal.locator('[data-testid=send-error]', { hasText: new RegExp(`^${text}$`) }).waitFor()
    },
  }
}
