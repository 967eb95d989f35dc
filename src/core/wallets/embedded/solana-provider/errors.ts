import { TesseraError } from '../../../errors/base-error.js'

export const unsupportedTransactionError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'Unsupported transaction type' })

export const notASignerError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'The transaction does not need this wallet’s signature' })
