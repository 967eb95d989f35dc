import type { FundingSession } from '../../../core/index.js'

export interface SessionHost {
  /** `<fund-wallet>`: the id of the session it started. */
  inlineId?: string | undefined
  /** A confirmation's 'Add funds': the confirmation the session was opened for. */
  forConfirmation?: string | undefined
}

/**
 * The funding session a view shows: the one on screen while it is still there, else the first for its host; the
 * modal's own view skips inline sessions and those a confirmation shows over itself.
 */
export function pickSession(sessions: readonly FundingSession[], shownId: string | null, { inlineId, forConfirmation }: SessionHost): FundingSession | null {
  const candidates = sessions.filter((session) => {
    if (inlineId !== undefined) return session.id === inlineId
    if (forConfirmation !== undefined) return session.forConfirmation === forConfirmation
    return !session.inline && session.forConfirmation === undefined
  })
  return candidates.find((session) => session.id === shownId) ?? candidates[0] ?? null
}
