/**
 * The System, SPL Token (and Token-2022, whose base instructions share Token's layout) and Associated Token Account
 * instructions the confirmation lists, read with the programs' own codecs (@solana-program/system and /token). They
 * work on @solana/kit instructions: the web3.js message's account keys and data are converted here.
 */
import {
  identifySystemInstruction,
  parseCreateAccountInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseCloseAccountInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseCreateAssociatedTokenInstruction,
  parseInitializeAccount2Instruction,
  parseInitializeAccount3Instruction,
  parseInitializeAccountInstruction,
  parseSyncNativeInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { AccountRole, type AccountMeta, type Address, type Instruction, type InstructionWithAccounts, type InstructionWithData } from '@solana/kit'
import { lamportsAmount } from './lamports-amount.js'
import type { DecodedInstruction } from './pending-instructions.js'

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

type KitInstruction = Instruction & InstructionWithAccounts<readonly AccountMeta[]> & InstructionWithData<Uint8Array>

/** The programs read here; anything else is for the swap decoders or unknown. */
export const isStandardProgram = (programId: string) =>
  programId === SYSTEM_PROGRAM_ADDRESS ||
  programId === TOKEN_PROGRAM_ADDRESS ||
  programId === TOKEN_2022_PROGRAM ||
  programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS

/** Null when the codecs refuse the instruction (an unsupported type, short data, missing accounts): the list shows it as unknown. */
export function decodeStandardInstruction(programId: string, accounts: string[], data: Uint8Array, solUsd: number | null): DecodedInstruction | null {
  // Roles do not matter to the parsers; the accounts' order does.
  const instruction: KitInstruction = {
    programAddress: programId as Address,
    accounts: accounts.map((address) => ({ address: address as Address, role: AccountRole.READONLY })),
    data,
  }
  try {
    if (programId === SYSTEM_PROGRAM_ADDRESS) return systemInstruction(instruction, solUsd)
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) return associatedTokenInstruction(instruction)
    return tokenInstruction(instruction)
  } catch {
    return null
  }
}

function systemInstruction(instruction: KitInstruction, solUsd: number | null): DecodedInstruction | null {
  switch (identifySystemInstruction(instruction)) {
    case SystemInstruction.TransferSol: {
      const { accounts, data } = parseTransferSolInstruction(instruction)
      return { type: 'sol-transfer', from: accounts.source.address, to: accounts.destination.address, amount: lamportsAmount(data.amount, solUsd) }
    }
    case SystemInstruction.CreateAccount: {
      const { accounts, data } = parseCreateAccountInstruction(instruction)
      return {
        type: 'create-account',
        from: accounts.payer.address,
        account: accounts.newAccount.address,
        lamports: lamportsAmount(data.lamports, solUsd),
        space: Number(data.space),
        owner: data.programAddress,
      }
    }
    default:
      return null
  }
}

function tokenInstruction(instruction: KitInstruction): DecodedInstruction | null {
  switch (identifyTokenInstruction(instruction)) {
    case TokenInstruction.Transfer: {
      const { accounts, data } = parseTransferInstruction(instruction)
      return {
        type: 'pending-spl-transfer',
        from: accounts.source.address,
        to: accounts.destination.address,
        authority: accounts.authority.address,
        mint: null,
        decimals: null,
        value: data.amount,
      }
    }
    case TokenInstruction.TransferChecked: {
      const { accounts, data } = parseTransferCheckedInstruction(instruction)
      return {
        type: 'pending-spl-transfer',
        from: accounts.source.address,
        to: accounts.destination.address,
        authority: accounts.authority.address,
        mint: accounts.mint.address,
        decimals: data.decimals,
        value: data.amount,
      }
    }
    case TokenInstruction.InitializeAccount: {
      const { accounts } = parseInitializeAccountInstruction(instruction)
      return { type: 'spl-init-account', account: accounts.account.address, mint: accounts.mint.address, owner: accounts.owner.address }
    }
    case TokenInstruction.InitializeAccount2: {
      const { accounts, data } = parseInitializeAccount2Instruction(instruction)
      return { type: 'spl-init-account', account: accounts.account.address, mint: accounts.mint.address, owner: data.owner }
    }
    case TokenInstruction.InitializeAccount3: {
      const { accounts, data } = parseInitializeAccount3Instruction(instruction)
      return { type: 'spl-init-account', account: accounts.account.address, mint: accounts.mint.address, owner: data.owner }
    }
    case TokenInstruction.CloseAccount: {
      const { accounts } = parseCloseAccountInstruction(instruction)
      return { type: 'spl-close-account', account: accounts.account.address, destination: accounts.destination.address }
    }
    case TokenInstruction.SyncNative:
      return { type: 'spl-sync-native', account: parseSyncNativeInstruction(instruction).accounts.account.address }
    default:
      return null
  }
}

function associatedTokenInstruction(instruction: KitInstruction): DecodedInstruction | null {
  // The original Create carries no data at all; it is instruction 0.
  const withType = instruction.data.length === 0 ? { ...instruction, data: Uint8Array.of(0) } : instruction
  const type = identifyAssociatedTokenInstruction(withType)
  if (type === AssociatedTokenInstruction.RecoverNestedAssociatedToken) return null
  const { accounts } =
    type === AssociatedTokenInstruction.CreateAssociatedToken
      ? parseCreateAssociatedTokenInstruction(withType)
      : parseCreateAssociatedTokenIdempotentInstruction(withType)
  return { type: 'ata-creation', owner: accounts.owner.address, mint: accounts.mint.address, account: accounts.ata.address }
}
