/**
 * Runs `define` once the document holds a `tag` element, now or later (added by markup or by script): a page that
 * never uses the element loads none of its code. `customElements.whenDefined` alone would wait for it forever, so
 * script-tag pages that need the class first call the exported `define…()` themselves.
 */
export function defineWhenUsed(tag: string, define: () => unknown): void {
  if (typeof document === 'undefined') return
  // A live collection: the browser keeps it current, so each look is cheap.
  const used = document.getElementsByTagName(tag)
  if (used.length > 0) return void define()
  const observer = new MutationObserver(() => {
    if (used.length === 0) return
    observer.disconnect()
    define()
  })
  observer.observe(document, { childList: true, subtree: true })
}
