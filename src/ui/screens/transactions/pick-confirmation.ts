import type { Confirmation } from '../../../core/index.js'

/**
 * The confirmation to show from the queue: the one on screen while it is still there (also while complete, for its
 * receipt), else the first that is not complete. `inlineId` picks `<confirm-tx>`'s own; the modal skips inline ones.
 */
export function pickConfirmation(
  queue: readonly Confirmation[],
  shownId: string | null,
  inlineId?: string,
): { shown: Confirmation | null; candidates: Confirmation[] } {
  const candidates = queue.filter((confirmation) => (inlineId === undefined ? !confirmation.inline : confirmation.id === inlineId))
  const shown = candidates.find((confirmation) => confirmation.id === shownId) ?? candidates.find((confirmation) => confirmation.status !== 'complete') ?? null
  return { shown, candidates }
}
