import { describe, expect, it } from 'vitest'
import { TesseraError } from '../../src/core/index.js'
import { errorDetail, isUserRejection } from './tx-outcome.js'

describe('the outcome events of <confirm-tx>', () => {
  const declined = Object.assign(new Error('The user rejected the request.'), { code: 4001 })

  it('a 4001, or a transaction error over one, is a rejection; anything else a failure', () => {
    expect(isUserRejection(declined)).toBe(true)
    expect(isUserRejection(new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user', cause: declined }))).toBe(true)
    expect(isUserRejection(new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction failed' }))).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
  })

  it('details carry the code and the short message', () => {
    expect(errorDetail(new TesseraError({ code: 'insufficient_balance', shortMessage: 'Solana wallet has insufficient funds for this transaction.' }))).toEqual(
      {
        code: 'insufficient_balance',
        message: 'Solana wallet has insufficient funds for this transaction.',
      },
    )
    expect(errorDetail(declined)).toEqual({ code: '4001', message: 'The user rejected the request.' })
    expect(errorDetail('boom')).toEqual({ code: 'transaction_failure', message: 'Something went wrong' })
  })
})
