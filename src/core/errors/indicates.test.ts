import { describe, expect, it } from 'vitest'
import { mfaInvalidCodeError, mfaMaxAttemptsError, mfaTimeoutError } from '../mfa/errors.js'
import { TesseraError } from './base-error.js'
import { errorIndicatesMaxMfaRetries, errorIndicatesMfaTimeout, errorIndicatesMfaVerificationFailed } from './indicates.js'

describe('errorIndicates* (the reference SDK helpers over our error codes)', () => {
  it('each recognises the error the MFA challenge throws for its case, and nothing else', () => {
    const timeout = mfaTimeoutError()
    const wrong = mfaInvalidCodeError(new Error('bad code'))
    const tooMany = mfaMaxAttemptsError()
    const other = new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'x' })
    const all = [timeout, wrong, tooMany, other, new Error('mfa_timeout'), 'mfa_timeout', null]
    expect(all.map(errorIndicatesMfaTimeout)).toEqual([true, false, false, false, false, false, false])
    expect(all.map(errorIndicatesMfaVerificationFailed)).toEqual([false, true, false, false, false, false, false])
    expect(all.map(errorIndicatesMaxMfaRetries)).toEqual([false, false, true, false, false, false, false])
  })
})
