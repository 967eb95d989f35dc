import { AuthModalElement } from './auth-modal-element.js'

export const AUTH_MODAL_TAG = 'auth-modal'

/** Defines `<auth-modal>` once; a second call (or a second copy of the bundle) does nothing. */
export function defineAuthModal(): void {
  if (typeof customElements === 'undefined' || customElements.get(AUTH_MODAL_TAG)) return
  customElements.define(AUTH_MODAL_TAG, AuthModalElement)
}
