// Assertions shared by the Chromium tests (web-test-runner has no assertion library here).
export function assert(condition, message) {
  if (!condition) throw new Error(message)
}

const show = (value) => (value instanceof Element ? `<${value.localName} ${value.getAttribute('aria-label') ?? ''}>` : JSON.stringify(value))

export function assertEqual(actual, expected, message) {
  const same = actual instanceof Node || expected instanceof Node ? actual === expected : JSON.stringify(actual) === JSON.stringify(expected)
  if (!same) throw new Error(`${message}: expected ${show(expected)}, got ${show(actual)}`)
}

/** Polls `read` every 20 ms until it returns a truthy value. */
export async function waitFor(read, message, timeout = 8000) {
  const start = performance.now()
  for (;;) {
    const value = read()
    if (value) return value
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${message}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Hosts for React roots a test mounts: each is unmounted and removed after its test. */
export function mountedHosts() {
  const mounted = []
  afterEach(() => {
    for (const { root, host } of mounted.splice(0)) {
      root.unmount()
      host.remove()
    }
  })
  return {
    newHost() {
      const host = document.createElement('div')
      document.body.append(host)
      return host
    },
    track: (root, host) => void mounted.push({ root, host }),
  }
}

/**
 * Runs axe-core over a shadow root's host and all it renders (open shadow roots included) and fails on any
 * violation of its default rules (WCAG 2 A and AA, best practices), naming each rule, its impact and its elements.
 * Finite animations (the overlay's fade-in) end first, so colours are judged as they settle.
 */
export async function assertAccessible(shadow, screen) {
  await import('axe-core')
  const settling = shadow.getAnimations({ subtree: true }).filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
  await Promise.all(settling.map((animation) => animation.finished))
  const { violations } = await window.axe.run(shadow.host, { resultTypes: ['violations'] })
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => `${node.target.join(' > ')} (${node.failureSummary})`).join(', ')}`,
  )
  if (found.length > 0) throw new Error(`${screen}: ${found.length} accessibility violation(s):\n${found.join('\n')}`)
}

/**
 * A QR code drawn as an inline SVG element (no `data:` or `blob:` image a strict CSP's img-src would block): an image
 * with its accessible label, `size` CSS pixels square, and when `modules` is given, exactly those modules dark
 * (read from the drawing itself: the centre of each module is inside the path's fill or not).
 */
export function assertInlineQr(qr, { label, size, modules }) {
  assertEqual(qr.localName, 'svg', 'the QR code is an inline SVG element')
  assertEqual(qr.getAttribute('role'), 'img', 'the QR code is an image')
  assertEqual(qr.getAttribute('aria-label'), label, 'the QR code is labelled')
  const box = qr.getBoundingClientRect()
  assertEqual([box.width, box.height], [size, size], 'the QR code size')
  assertEqual(qr.shadowRoot ?? null, null, 'no nested content')
  assert(!/(data|blob):/i.test(qr.outerHTML), 'no data: or blob: URL inside the QR code')
  if (!modules) return
  const { x, y, width } = qr.viewBox.baseVal
  const margin = (width - modules.length) / 2
  assert(margin >= 1, `a quiet zone around the modules (viewBox ${width} for ${modules.length} modules)`)
  const drawn = qr.querySelector('path')
  const shown = modules.map((row, r) => row.map((_, c) => drawn.isPointInFill(new DOMPoint(x + margin + c + 0.5, y + margin + r + 0.5))))
  assertEqual(shown, modules, 'the dark modules are those of the encoded URI')
}

// Port 9 (discard) is closed on loopback: the config request fails and the modal keeps its defaults.
export const UNREACHABLE_API = 'http://127.0.0.1:9'

/** An `<auth-modal>` of `appId` on the unreachable API with `attributes` (later ones win), appended once its dialog shows. */
export async function mountAuthModal(appId, attributes = {}, setup = () => {}) {
  const element = document.createElement('auth-modal')
  element.setAttribute('app-id', appId)
  element.setAttribute('api-url', UNREACHABLE_API)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  setup(element)
  document.body.append(element)
  await waitFor(() => element.shadowRoot?.querySelector('[part="dialog"]'), 'the dialog')
  return element
}
