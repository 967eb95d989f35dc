import { OTP_RESEND_COUNTDOWN_SECONDS } from '../../protocol/index.js'

/** Whole seconds left before 'Resend code' is offered again; 0 when it is. */
export function resendSecondsLeft(codeSentAt: number | null, now: number, seconds = OTP_RESEND_COUNTDOWN_SECONDS): number {
  if (codeSentAt === null) return 0
  return Math.max(0, Math.ceil((codeSentAt + seconds * 1000 - now) / 1000))
}
