/**
 * Whether `origin` is allowed by one of `patterns`. Matching is exact, except a pattern ending in ':*'
 * allows any port of that scheme and host (the dev app uses 'http://localhost:*').
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === origin) return true
    if (!pattern.endsWith(':*')) return false
    const prefix = pattern.slice(0, -1)
    return origin.startsWith(prefix) && /^\d{1,5}$/.test(origin.slice(prefix.length))
  })
}
