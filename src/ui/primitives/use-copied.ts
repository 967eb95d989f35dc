import { useCallback, useEffect, useState } from 'react'
import { copyText } from './copy-text.js'

/** Wallet spec, "States and transitions": "Other": the copied indicator resets after 3 s for an address or a link... */
export const COPIED_ADDRESS_RESET_MS = 3_000
/** ...and after 1.5 s for other text. */
export const COPIED_TEXT_RESET_MS = 1_500

/** Copies text (any context: copy-text.ts); `copied` is true until the indicator resets. When nothing could copy nothing is shown. */
export function useCopied(resetMs: number): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), resetMs)
    return () => clearTimeout(timer)
  }, [copied, resetMs])
  const copy = useCallback(async (text: string) => {
    // When neither way may copy, the text stays on screen to copy by hand.
    if (await copyText(text)) setCopied(true)
  }, [])
  return { copied, copy }
}
