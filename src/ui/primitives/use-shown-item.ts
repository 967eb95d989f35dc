import { useEffect, useRef, useState } from 'react'

/**
 * A view that shows one item of a list it does not own (a confirmation of the queue, a funding session): `pick`
 * chooses it, given the one on screen, which the view remembers by id. Once it showed one and nothing is left,
 * `onEmpty` (the modal's close); only after showing one: a view mounted before its item arrives must not close what
 * was just opened.
 */
export function useShownItem<Item extends { id: string }>(pick: (shownId: string | null) => Item | null, onEmpty: (() => void) | undefined) {
  const [shownId, setShownId] = useState<string | null>(null)
  const shown = pick(shownId)
  useEffect(() => {
    if (shown && shown.id !== shownId) setShownId(shown.id)
  }, [shown, shownId])
  const showedOne = useRef(false)
  useEffect(() => {
    if (shown) showedOne.current = true
    else if (showedOne.current) onEmpty?.()
  }, [shown, onEmpty])
  return { shown, setShownId }
}
