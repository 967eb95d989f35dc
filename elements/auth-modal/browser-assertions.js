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
