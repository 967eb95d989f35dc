/**
 * The origin of the page embedding the frame, when that page may use it (docs/security.md #39: the in-code check behind
 * `frame-ancestors`). Null when the frame is not in an iframe, the parent's origin is unknown, or it is not allowed.
 */
import { isOriginAllowed } from '../protocol/index.js'

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

export function trustedParentOrigin({ isTopWindow, ancestorOrigins, referrer }: FramePlacement, allowedOrigins: readonly string[]): string | null {
  if (isTopWindow) return null
  const parentOrigin = ancestorOrigins && ancestorOrigins.length > 0 ? originOf(ancestorOrigins[0] ?? '') : originOf(referrer)
  if (!parentOrigin) return null
  return isOriginAllowed(parentOrigin, allowedOrigins) ? parentOrigin : null
}
