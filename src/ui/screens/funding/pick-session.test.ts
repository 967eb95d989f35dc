import { describe, expect, it } from 'vitest'
import type { FundingSession } from '../../../core/index.js'
import { pickSession } from './pick-session.js'

const session = (id: string, extra: Partial<FundingSession> = {}) => ({ id, ...extra }) as FundingSession

describe('pickSession', () => {
  const modal = session('modal')
  const inline = session('inline', { inline: true })
  const overConfirmation = session('for-confirmation', { forConfirmation: 'confirmation-1' })
  const sessions = [inline, overConfirmation, modal]

  it("the modal's view shows the first session that is neither inline nor over a confirmation", () => {
    expect(pickSession(sessions, null, {})).toBe(modal)
    expect(pickSession([inline, overConfirmation], null, {})).toBeNull()
  })

  it('an element sees only its own session, a confirmation only the one it opened', () => {
    expect(pickSession(sessions, null, { inlineId: 'inline' })).toBe(inline)
    expect(pickSession(sessions, null, { inlineId: 'other' })).toBeNull()
    expect(pickSession(sessions, null, { forConfirmation: 'confirmation-1' })).toBe(overConfirmation)
    expect(pickSession(sessions, null, { forConfirmation: 'confirmation-2' })).toBeNull()
  })

  it('keeps the session on screen while it is there, else falls back to the first', () => {
    const later = session('later')
    expect(pickSession([modal, later], 'later', {})).toBe(later)
    expect(pickSession([modal], 'later', {})).toBe(modal)
  })
})
