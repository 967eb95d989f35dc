import { useEffect, useState } from 'react'
import { MODAL_OPEN_DELAY_MS } from '../modal-timing.js'

/** Whether the modal shows: closing is immediate, opening waits its 15 ms; a standalone modal always shows. */
export function useVisible(open: boolean, standalone: boolean): boolean {
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (!open) {
      setOpened(false)
      return
    }
    const timer = setTimeout(() => setOpened(true), MODAL_OPEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [open])
  return (open && opened) || standalone
}
