import { describe, expect, it } from 'vitest'
import { resendSecondsLeft } from './resend-countdown.js'

describe('resendSecondsLeft', () => {
  it('counts down 30 s from the send time in whole seconds', () => {
    expect(resendSecondsLeft(1_000, 1_000)).toBe(30)
    expect(resendSecondsLeft(1_000, 1_001)).toBe(30)
    expect(resendSecondsLeft(1_000, 30_000)).toBe(1)
    expect(resendSecondsLeft(1_000, 31_000)).toBe(0)
    expect(resendSecondsLeft(1_000, 99_000)).toBe(0)
  })

  it('is 0 when no code was sent', () => {
    expect(resendSecondsLeft(null, 5)).toBe(0)
  })
})
