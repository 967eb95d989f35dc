// The modal view over the access-screens client double, with the lookups every screen test uses.
import { mountedHosts } from './browser-assertions.js'

const { createAccessClient, mountAccessView } = await import('/.test-data/browser-fixtures/access-screens.js')

const { newHost, track } = mountedHosts()

/** Mounts the modal over a scripted client; `events` records what the view reports to its host. */
export function setupAccessView(script = {}, viewProps = {}) {
  const client = createAccessClient(script)
  const events = { closed: 0, success: [], errors: [], links: [] }
  const host = newHost()
  const { root, shadow } = mountAccessView(host, {
    client,
    onClose: () => events.closed++,
    onLoginSuccess: (detail) => events.success.push(detail),
    onAuthError: (error) => events.errors.push(error.code),
    onLinkSuccess: (detail) => events.links.push(detail),
    ...viewProps,
  })
  track(root, host)
  const part = (name) => shadow.querySelector(`[part~="${name}"]`)
  const parts = (name) => [...shadow.querySelectorAll(`[part~="${name}"]`)]
  const title = () => part('title')?.textContent
  const button = (text) => [...shadow.querySelectorAll('button, a')].find((element) => element.textContent === text)
  return { client, calls: client.calls, events, shadow, part, parts, title, button }
}
