/**
 * Copies text to the clipboard; answers whether it did. The Clipboard API exists only in secure contexts, so a
 * page on a plain-http LAN address copies through a selected, off-screen text area instead. Never throws.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused (no permission, document not focused): try the selection below.
  }
  return copyThroughSelection(text)
}

/** The pre-Clipboard-API way: `execCommand('copy')` on a selected text area, which works in any context during a click. */
function copyThroughSelection(text: string): boolean {
  if (typeof document === 'undefined') return false
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  const focused = document.activeElement as HTMLElement | null
  document.body.appendChild(area)
  try {
    area.select()
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    focused?.focus?.()
  }
}
