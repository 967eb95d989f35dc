// The React wrapper's UserPill in Chromium: the signed-out pill opens the provider's modal; the signed-in account
// menu is labelled, keyboard usable and clean under axe.
import { sendKeys } from '@web/test-runner-commands'
import { assertAccessible, waitFor } from './browser-assertions.js'

const { mountUserPill, mountAccountMenu } = await import('/.test-data/browser-fixtures/react-wrapper.js')

/** axe over a light-DOM subtree (assertAccessible takes a shadow root's shape). */
const accessible = (host, screen) => assertAccessible({ host, getAnimations: (options) => host.getAnimations(options) }, screen)

function newHost() {
  const host = document.createElement('div')
  document.body.append(host)
  return host
}

describe('UserPill', () => {
  it("signed out, is a 'Log in' button (in the provider's language) that opens the sign-in modal", async () => {
    const host = newHost()
    mountUserPill(host, { appId: 'tessera-test-app-00000190', apiUrl: 'http://127.0.0.1:9' })
    const button = await waitFor(
      () => [...host.querySelectorAll('button')].find((each) => each.textContent === 'Log in' && !each.disabled),
      "an enabled 'Log in' button",
    )
    await accessible(host, 'the signed-out pill')
    button.click()
    const modal = host.querySelector('auth-modal')
    await waitFor(() => modal.shadowRoot.querySelector('[part="dialog"]'), 'the sign-in dialog')

    const spanish = newHost()
    mountUserPill(spanish, { appId: 'tessera-test-app-00000191', apiUrl: 'http://127.0.0.1:9', locale: 'es' })
    await waitFor(() => spanish.querySelector('button')?.textContent === 'Iniciar sesión', "the Spanish 'Iniciar sesión'")
  })

  it('signed in, names the account and opens a menu whose Log out is focused; Escape closes it and focus returns', async () => {
    const host = newHost()
    mountAccountMenu(host, { id: 'did:tessera:ada', email: { type: 'email', address: 'ada@example.com' } })
    const button = await waitFor(() => host.querySelector('button[aria-haspopup="menu"]'), 'the account button')
    if (button.textContent !== 'Aada@example.com' || button.getAttribute('aria-expanded') !== 'false') throw new Error(`account button: ${button.textContent}`)
    await accessible(host, 'the closed account menu')

    button.focus()
    await sendKeys({ press: 'Enter' })
    const item = await waitFor(() => host.querySelector('[role="menu"] [role="menuitem"]'), 'the menu')
    await waitFor(() => document.activeElement === item, 'focus on Log out')
    if (item.textContent !== 'Log out' || button.getAttribute('aria-expanded') !== 'true') throw new Error('the open menu')
    if (host.querySelector('[role="menu"]').getAttribute('aria-label') !== 'Account') throw new Error('the menu is labelled')
    await accessible(host, 'the open account menu')

    await sendKeys({ press: 'Escape' })
    await waitFor(() => !host.querySelector('[role="menu"]') && document.activeElement === button, 'the menu closed, focus back on the button')
    button.click()
    ;(await waitFor(() => host.querySelector('[role="menuitem"]'), 'the menu again')).click()
    await waitFor(() => host.hasAttribute('data-logged-out'), 'Log out called')
  })
})
