/**
 * The origin of the page embedding the frame, when that page may use it (SECURITY.md 39: the in-code check behind
 * `frame-ancestors`). Null when the frame is not in an iframe, the parent's origin is unknown, or it is not allowed.
 */
export interface FramePlacement {
  /** True when the frame is the top window (opened directly, not embedded). */
  isTopWindow: boolean
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari): the first is the parent's. */
  ancestorOrigins?: ArrayLike<string> | undefined
  /** `document.referrer`: the parent's URL when ancestorOrigins is missing (Firefox). */
  referrer: string
}

const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** The server's rule for an app's origins: exact, or a pattern ending in ':*' for any port of that scheme and host. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === origin) return true
    if (!pattern.endsWith(':*')) return false
    const prefix = pattern.slice(0, -1)
    return origin.startsWith(prefix) && /^\d{1,5}$/.test(origin.slice(prefix.length))
  })
}

export function trustedParentOrigin({ isTopWindow, ancestorOrigins, referrer }: FramePlacement, allowedOrigins: readonly string[]): string | null {
  if (isTopWindow) return null
  const parentOrigin = ancestorOrigins && ancestorOrigins.length > 0 ? originOf(ancestorOrigins[0] ?? '') : originOf(referrer)
  if (!parentOrigin) return null
  return originAllowed(parentOrigin, allowedOrigins) ? parentOrigin : null
}
