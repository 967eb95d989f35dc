import { definedElement, renderRoot, rootProps } from '../shared/defined-element.js'
import { AuthModalRoot } from './auth-modal-root.js'
import { authModalDefinition } from './definition.js'
import type { AuthModalRequest } from './types.js'

/**
 * `<auth-modal>`: attributes, properties and events follow from its definition; `open` and `standalone` are HTML
 * booleans (present means true). `start()` opens it for a request.
 */
export class AuthModalElement extends definedElement(authModalDefinition, AuthModalRoot) {
  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    // A link or update request lasts one opening: the next plain `open` shows the landing.
    if (name === 'open' && (value === null || value === 'false')) rootProps(this).request = undefined
    super.attributeChangedCallback(name, previous, value)
  }

  /**
   * Opens the modal for `request`: link and update open straight on the method's input; no request is a sign-in; a
   * funding request starts a session, whose prompt opens the modal on its landing.
   */
  start(request: AuthModalRequest = { intent: 'login' }): void {
    if (request.intent === 'fund') return void import('./run-funding-request.js').then(({ runFundingRequest }) => runFundingRequest(this, request))
    rootProps(this).request = request
    if (this.open) renderRoot(this)
    else this.open = true
  }
}
