/**
 * Runs each tag's `define` once the document holds an element of it, now or later (added by markup or by script): a
 * page that never uses an element loads none of its code. `customElements.whenDefined` alone would wait for it
 * forever, so script-tag pages that need a class first call the exported `define…()` themselves. One observer serves
 * every tag and stops once all are defined.
 */
export function defineWhenUsed(definitions: Record<string, () => unknown>): void {
  if (typeof document === 'undefined') return
  // Live collections: the browser keeps them current, so each look is cheap.
  const waiting = new Map(Object.entries(definitions).map(([tag, define]) => [document.getElementsByTagName(tag), define]))
  const defineUsed = () => {
    for (const [used, define] of waiting) {
      if (used.length === 0) continue
      waiting.delete(used)
      define()
    }
    return waiting.size === 0
  }
  if (defineUsed()) return
  const observer = new MutationObserver(() => defineUsed() && observer.disconnect())
  observer.observe(document, { childList: true, subtree: true })
}
