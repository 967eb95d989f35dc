/**
 * Asks the parent page for the user's current access token (and, when the server wants MFA, the user's MFA answer),
 * once per export: the token never rides in the URL and the frame keeps it only for the call it makes. Replies are
 * read only from the checked parent at its origin.
 */
import { EXPORT_FRAME_TOKEN, EXPORT_FRAME_TOKEN_REQUEST, type ExportFrameMessage, type MfaSubmission } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import type { FrameWindow } from '../listener.js'
import type { ParentAnswer } from './export-secret.js'

export const PARENT_TOKEN_TIMEOUT_MS = 15_000

export function requestParentToken(
  frameWindow: FrameWindow,
  parentOrigin: string,
  mfaRequired = false,
  timeoutMs = PARENT_TOKEN_TIMEOUT_MS,
): Promise<ParentAnswer> {
  const id = crypto.randomUUID()
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      clearTimeout(timer)
      frameWindow.removeEventListener('message', onMessage)
      outcome()
    }
    const onMessage = ({ source, origin, data }: { source: unknown; origin: string; data: unknown }) => {
      if (source !== frameWindow.parent || origin !== parentOrigin || typeof data !== 'object' || data === null) return
      const { event, id: answerId, accessToken, mfa } = data as Record<string, unknown>
      if (event !== EXPORT_FRAME_TOKEN || answerId !== id) return
      // The MFA answer's shape is the server's to check: the frame only passes it on.
      const submission = typeof mfa === 'object' && mfa !== null ? (mfa as MfaSubmission) : undefined
      if (typeof accessToken === 'string' && accessToken.length > 0 && accessToken.length <= 8192)
        finish(() => resolve({ accessToken, ...(submission && { mfa: submission }) }))
      else finish(() => reject(new FrameError('error', 'You must be signed in to export your wallet')))
    }
    const timer = setTimeout(() => finish(() => reject(new FrameError('error', 'The page did not answer'))), timeoutMs)
    frameWindow.addEventListener('message', onMessage)
    frameWindow.parent.postMessage({ event: EXPORT_FRAME_TOKEN_REQUEST, id, ...(mfaRequired && { mfaRequired }) } satisfies ExportFrameMessage, parentOrigin)
  })
}
