import { MFA_CODE_WAIT_MS } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import { mfaTimeoutError } from '../errors.js'
import type { Answer, ChallengeRuntime } from './runtime.js'

/** The next answer, or the code wait's (or the overall limit's) timeout, or a cancel. */
export function nextAnswer(runtime: ChallengeRuntime, deadline: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const wait = Math.max(0, Math.min(runtime.deps.codeWaitMs ?? MFA_CODE_WAIT_MS, deadline - Date.now()))
    const timer = setTimeout(() => end(mfaTimeoutError()), wait)
    const end = (error: TesseraError) => {
      clearTimeout(timer)
      runtime.waiter = null
      reject(error)
    }
    runtime.waiter = {
      answer(answer) {
        clearTimeout(timer)
        runtime.waiter = null
        resolve(answer)
      },
      end,
    }
  })
}
