// Fixture served as the wallet frame's script: tries what the frame's CSP must block (docs/security.md #43) and reports.
const violations = []
document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective))

const attempt = (run) => {
  try {
    run()
    return 'ran'
  } catch {
    return 'blocked'
  }
}
const request = (url) =>
  fetch(url, { cache: 'no-store' }).then(
    (response) => response.status,
    () => 'blocked',
  )

const params = new URL(location.href).searchParams
const results = {
  inlineScript: window.inlineScriptRan === true ? 'ran' : 'blocked',
  // biome-ignore lint/security/noGlobalEval: probes that the page's CSP blocks eval
  eval: attempt(() => eval('1 + 1')),
  newFunction: attempt(() => new Function('return 1')()),
  foreignFetch: await request(params.get('foreign')),
  // The control: the frame's own API stays reachable, so a blocked call above is the CSP and not a broken page.
  ownApi: await request(params.get('own')),
}
// Violation events are queued: let them arrive before reporting.
await new Promise((resolve) => setTimeout(resolve, 50))
window.cspProbe = { results, violations }
