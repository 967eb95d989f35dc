import {
  address,
  compileTransaction,
  decompileTransactionMessage,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  type Transaction,
} from '@solana/kit'
import { decodeSolanaTransaction, transactionRefused } from '../wallet-signing/solana-transaction.js'
import { policyMessages, policyViolation } from './policy-errors.js'

/** The compute-budget program sets a transaction's fee: a sponsored one may always call it. */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

/** The sponsored transaction: the fee payer in the fee-payer place, unsigned, and the programs its instructions call. */
export interface SwappedTransaction {
  transaction: Transaction
  wire: string
  programs: string[]
}

/**
 * Puts the app's fee payer in the fee-payer place of the wallet's transaction. Refused: address lookup tables (their
 * accounts are not in the message to check), a transaction that names the fee payer anywhere (it must sign for
 * nothing but the fee), and one needing any signature but the wallet's (the new message voids other signatures).
 */
export function withFeePayer(wire: string, wallet: string, feePayer: string): SwappedTransaction {
  const compiled = decodeSolanaTransaction(wire).message
  if (compiled.version === 0 && compiled.addressTableLookups?.length) throw transactionRefused('a sponsored transaction cannot use address lookup tables')
  if (compiled.staticAccounts.includes(address(feePayer))) throw transactionRefused("a sponsored transaction cannot use the app's fee payer account")
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)
  if (signers.some((signer) => signer !== wallet)) throw transactionRefused("a sponsored transaction may need no signature but the wallet's")
  const transaction = compileTransaction(setTransactionMessageFeePayer(address(feePayer), decompileTransactionMessage(compiled)))
  if (!(wallet in transaction.signatures)) throw transactionRefused('the transaction does not use this wallet')
  const programs = compiled.instructions.map((instruction) => compiled.staticAccounts[instruction.programAddressIndex]!)
  return { transaction, wire: getBase64EncodedWireTransaction(transaction), programs }
}

/** The app's program rule: every instruction calls an allowed program (or the compute budget), else `policy_violation`. */
export function checkSolanaPrograms(allowed: string[] | 'any', programs: string[]): void {
  if (allowed === 'any') return
  const refusedProgram = programs.find((program) => program !== COMPUTE_BUDGET_PROGRAM && !allowed.includes(program))
  if (refusedProgram) throw policyViolation(policyMessages.program(refusedProgram))
}
