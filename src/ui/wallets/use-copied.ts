import { useCallback, useEffect, useState } from 'react'

/** Document 2 §4 "Other": the copied indicator resets after 1.5 s for text (3 s for an address). */
export const COPIED_TEXT_RESET_MS = 1_500

/** Copies text; `copied` is true until the indicator resets. Without clipboard permission nothing is shown. */
export function useCopied(resetMs = COPIED_TEXT_RESET_MS): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), resetMs)
    return () => clearTimeout(timer)
  }, [copied, resetMs])
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      // No clipboard permission: the QR code and the link still work.
    }
  }, [])
  return { copied, copy }
}
