// Cross-app screens in Chromium through the fixture bundle: the real modal view over a client double whose
// provider popup the script decides (wallet spec, "Screens and routes": "Cross-app and delegation"; "The error catalogue": "Cross-app").
import { assert, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { fixtureUser, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const PROVIDER = 'tessera-provider-app-0001'
const providers = [{ appId: PROVIDER, name: 'Provider App', iconUrl: null }]
const rejected = () => new TesseraError({ code: 'oauth_user_denied', shortMessage: 'User rejected request', retryable: true })
const timedOut = () => new TesseraError({ code: 'client_request_timeout', shortMessage: 'Authorization request timed out after 2 minutes.' })

const setup = (script = {}, viewProps = {}) =>
  setupAccessView({ ...script, config: { loginMethods: ['email', `privy:${PROVIDER}`], crossAppProviders: providers, ...script.config } }, viewProps)

describe('the cross-app provider row and screen', () => {
  it("shows the provider app's name, then 'Connecting to …' while its popup is open, then signs in", async () => {
    let finish
    const { part, title, calls, events } = setup({ crossApp: () => new Promise((resolve) => (finish = resolve)) })
    const row = await waitFor(() => part('cross-app-button'), 'the provider row')
    assertEqual(row.textContent, 'Provider App', 'the provider name is the label')
    assertEqual(row.getAttribute('type'), 'button', 'a real button (keyboard-usable)')
    row.click()
    await waitFor(() => title() === 'Connecting to Provider App', 'the connecting screen')
    assert(part('cross-app-status').textContent.includes('Provider App window'), 'tells where to finish')
    assertEqual(calls.crossAppStarts, [{ providerAppId: PROVIDER, intent: 'login' }], 'one login start')
    finish(fixtureUser())
    await waitFor(() => events.success.length === 1, 'the login reported')
    assertEqual(events.closed, 1, 'the modal closes')
  })

  it("a closed popup reads 'User rejected request' with a retry that starts again", async () => {
    let attempts = 0
    const { part, title, calls, events } = setup({ crossApp: async () => (++attempts === 1 ? Promise.reject(rejected()) : fixtureUser()) })
    ;(await waitFor(() => part('cross-app-button'), 'the provider row')).click()
    await waitFor(() => title() === 'Could not connect to Provider App', 'the failure')
    assertEqual(part('cross-app-error').textContent, 'User rejected request', 'the rejection copy')
    assertEqual(events.errors, ['oauth_user_denied'], 'reported to the host')
    part('retry-button').click()
    await waitFor(() => events.success.length === 1, 'signed in on retry')
    assertEqual(calls.crossAppStarts.length, 2, 'started twice')
  })

  it('names the 2-minute time-out', async () => {
    const { part } = setup({ crossApp: async () => Promise.reject(timedOut()) })
    ;(await waitFor(() => part('cross-app-button'), 'the provider row')).click()
    await waitFor(() => part('cross-app-error')?.textContent === 'Authorization request timed out after 2 minutes.', 'the time-out copy')
  })

  it('a link request opens on the cross-app screen and starts from its button', async () => {
    const { part, title, calls, events } = setup({ user: fixtureUser() }, { request: { intent: 'link', method: `privy:${PROVIDER}` } })
    await waitFor(() => title() === 'Link your Provider App account', 'the link screen')
    const start = part('submit-button')
    assertEqual(start.textContent, 'Connect your Provider App account', 'the start button')
    start.click()
    await waitFor(() => events.links.length === 1, 'linked')
    assertEqual(calls.crossAppStarts, [{ providerAppId: PROVIDER, intent: 'link' }], 'a link start')
  })

  it("names a provider the config does not list from the server's details", async () => {
    const other = 'tessera-other-provider-001'
    const { title, part } = setup(
      { user: fixtureUser(), crossAppDetails: { [other]: { name: 'Other Provider', iconUrl: null } } },
      { request: { intent: 'link', method: `privy:${other}` } },
    )
    await waitFor(() => title() === 'Link your Other Provider account', 'the name from the details')
    assertEqual(part('submit-button').textContent, 'Connect your Other Provider account', 'the start button names it too')
  })

  it('falls back to the app id when the details cannot be loaded', async () => {
    const other = 'tessera-other-provider-002'
    const { title } = setup({ user: fixtureUser() }, { request: { intent: 'link', method: `privy:${other}` } })
    await waitFor(() => title() === `Link your ${other} account`, 'the app id')
  })
})
