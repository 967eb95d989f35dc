// Runs in the demo page before its own scripts (bench/landing.ts): clicks 'Log in' in the first state where it is
// visible and enabled, and resolves `window.__tesseraLanding` in the first state where <auth-modal>'s email input is,
// with the page's timeline up to then. Every time is the page's own clock (ms from navigation start).
window.__tesseraLanding = new Promise((resolve) => {
  let clickableMs = 0
  let done = false
  const usable = (element) => !!element && element.checkVisibility() && !element.disabled
  const observer = new MutationObserver(() => check())
  const observed = new WeakSet()
  const observe = (root) => {
    if (observed.has(root)) return
    observed.add(root)
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  }
  const check = () => {
    if (done) return
    const modalRoot = document.querySelector('auth-modal')?.shadowRoot
    if (modalRoot) observe(modalRoot)
    if (!clickableMs) {
      const login = document.getElementById('login')
      if (!usable(login)) return
      clickableMs = performance.now()
      login.click()
    }
    if (!usable(modalRoot?.querySelector('[part~="email-input"]'))) return
    const inputMs = performance.now()
    done = true
    observer.disconnect()
    resolve({ clickableMs, inputMs, timeline: timeline(clickableMs, inputMs) })
  }
  observe(document)
  // Styles arriving change visibility without a mutation: each frame checks too.
  const everyFrame = () => {
    if (done) return
    check()
    requestAnimationFrame(everyFrame)
  }
  requestAnimationFrame(everyFrame)
})

/** The document, each script and API request (start → response end) and the two milestones, in start order. */
function timeline(clickableMs, inputMs) {
  const [navigation] = performance.getEntriesByType('navigation')
  const entries = navigation
    ? [
        { name: 'document', startMs: 0, endMs: navigation.responseEnd },
        { name: 'DOMContentLoaded', startMs: navigation.domContentLoadedEventStart, endMs: navigation.domContentLoadedEventEnd },
      ]
    : []
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.startTime > inputMs) continue
    const url = new URL(entry.name)
    if (!/\.m?js$/.test(url.pathname) && !url.pathname.startsWith('/api/')) continue
    entries.push({ name: `${url.port === location.port ? '' : 'api '}${url.pathname}`, startMs: entry.startTime, endMs: entry.responseEnd })
  }
  entries.push({ name: "'Log in' clickable, clicked", startMs: clickableMs, endMs: clickableMs })
  entries.push({ name: 'email input usable', startMs: inputMs, endMs: inputMs })
  return entries.sort((a, b) => a.startMs - b.startMs)
}
