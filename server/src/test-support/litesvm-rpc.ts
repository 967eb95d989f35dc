/**
 * A local Solana cluster for `npm start` and the tests: litesvm (the Solana runtime, in process) behind a small
 * JSON-RPC 2.0 HTTP server answering the methods @solana/web3.js's `Connection` calls for a wallet (blockhashes,
 * send and simulate, statuses, transactions, an address's signatures, balances, accounts, SPL token balances,
 * airdrops), in the shapes a validator answers. Anything else is -32601.
 *
 * Blocks: one slot every `slotMs` of wall time (block height = slot; no skipped slots). A blockhash handed out at
 * height h is valid through h + 150, as on a real cluster; `advanceBlocks(n)` jumps ahead so tests can expire one
 * without waiting. A landed transaction is 'finalized' at once (one node, no forks). There are no websocket
 * subscriptions: clients confirm by polling getSignatureStatuses. Durable nonces and lookup-table account loading
 * in receipts are out of scope.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import {
  getBase58Codec,
  getBase64Codec,
  getTransactionDecoder,
  isSolanaError,
  lamports as toLamports,
  SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING,
  type Address,
  type EncodedAccount,
} from '@solana/kit'
import { VersionedMessage, VersionedTransaction, type MessageCompiledInstruction } from '@solana/web3.js'
import { Clock, EpochSchedule, FailedTransactionMetadata, LiteSVM, SimulatedTransactionInfo, type TransactionMetadata } from 'litesvm'
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
} from 'litesvm/dist/internal.js'

export interface SolanaLocalnet {
  rpcUrl: string
  /** The runtime itself, for set-ups the RPC cannot express (programs, arbitrary accounts). */
  svm: LiteSVM
  /** Credits `lamports` to a base58 address, as requestAirdrop does; returns the airdrop's signature. */
  airdrop(address: string, lamports: bigint): string
  /** Moves the chain `blocks` slots ahead at once: blockhashes handed out more than 150 blocks ago stop being valid. */
  advanceBlocks(blocks: number): void
  close(): Promise<void>
}

export interface SolanaLocalnetOptions {
  /** 0 or absent picks a free port. */
  port?: number
  host?: string
  /** Wall time per slot; mainnet's is about 400 ms. */
  slotMs?: number
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined }
type Params = Json[]

/** A JSON-RPC error as validators send it (code, message, optional data). */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Json,
  ) {
    super(message)
  }
}

const LAMPORTS_PER_SIGNATURE = 5000n
/** Blocks a blockhash stays valid after the block it names (agave's MAX_PROCESSING_AGE). */
const BLOCKHASH_VALIDITY = 150
const SLOTS_PER_EPOCH = 432_000n
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'])
/** getSignaturesForAddress answers at most this many signatures a call (a validator's limit). */
const MAX_SIGNATURES_PER_CALL = 1000
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Builtins get 3,000 compute units each by default, other programs 200,000 (agave's default compute-unit limit). */
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
])

/** litesvm's fieldless error enums, in their numeric order (internal.d.ts): the names validators put in JSON. */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]
/** The validator's wording of the errors a wallet meets (solana-transaction-error's Display); others show their name. */
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
}

type TransactionErrorJson = string | { [variant: string]: Json }
type LitesvmResult = TransactionMetadata | FailedTransactionMetadata

/** What getSignatureStatuses and getTransaction report of a landed transaction (airdrops have no `transaction`). */
interface Landed {
  slot: number
  blockTime: number
  err: TransactionErrorJson | null
  transaction?: VersionedTransaction
  fee: bigint
  preBalances: number[]
  postBalances: number[]
  meta: TransactionMetadata
}

const base58 = getBase58Codec()
const base64 = getBase64Codec()
const kitTransactions = getTransactionDecoder()
const litesvmVersion: string = createRequire(import.meta.url)('litesvm/package.json').version

function transactionErrorJson(error: ReturnType<FailedTransactionMetadata['err']>): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError${error}`
  if (error instanceof TransactionErrorInstructionError) {
    const inner = error.err()
    const innerJson: Json =
      typeof inner === 'number'
        ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
        : inner instanceof InstructionErrorCustom
          ? { Custom: inner.code }
          : inner instanceof InstructionErrorBorshIo
            ? { BorshIoError: inner.msg }
            : 'GenericError'
    return { InstructionError: [error.index, innerJson] }
  }
  if (error instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: error.index }
  if (error instanceof TransactionErrorInsufficientFundsForRent) return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
}

/** "Error processing Instruction 0: custom program error: 0x1", as a validator words a failed preflight. */
function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_ERROR_TEXT[error] ?? error
  const [variant, detail] = Object.entries(error)[0]!
  if (variant === 'InstructionError') {
    const [index, inner] = detail as [number, Json]
    const text =
      inner === 'InsufficientFunds'
        ? 'insufficient funds for instruction'
        : typeof inner === 'object' && inner && 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : typeof inner === 'string'
            ? inner
            : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  if (variant === 'InsufficientFundsForRent')
    return `Transaction results in an account (${(detail as { account_index: number }).account_index}) with insufficient funds for rent`
  return `${variant}: ${JSON.stringify(detail)}`
}

/** The fee agave charges: 5,000 lamports a signature plus the priority fee (compute-unit price × limit). */
export function transactionFee(message: VersionedMessage): bigint {
  const keys = message.staticAccountKeys.map((key) => key.toBase58())
  let unitLimit: bigint | undefined
  let microLamportsPerUnit = 0n
  let defaultLimit = 0n
  for (const instruction of message.compiledInstructions) {
    const program = keys[instruction.programIdIndex]!
    const view = new DataView(instruction.data.buffer, instruction.data.byteOffset, instruction.data.byteLength)
    if (program === COMPUTE_BUDGET_PROGRAM && instruction.data[0] === 2 && view.byteLength >= 5) unitLimit = BigInt(view.getUint32(1, true))
    if (program === COMPUTE_BUDGET_PROGRAM && instruction.data[0] === 3 && view.byteLength >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n
  }
  const limit = [unitLimit ?? defaultLimit, 1_400_000n].reduce((a, b) => (a < b ? a : b))
  const priorityFee = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priorityFee
}

/** A UI amount without floating-point loss: 1234500 with 6 decimals → '1.2345'. */
function uiAmountString(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

interface AccountView {
  lamports: bigint
  owner: string
  executable: boolean
  data: Uint8Array
}
const accountView = (account: EncodedAccount): AccountView => ({
  lamports: account.lamports,
  owner: account.programAddress,
  executable: account.executable,
  data: account.data as Uint8Array,
})

const isTokenProgram = (owner: string) => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM
/** SPL token accounts are 165 bytes (Token-2022 adds extensions after an account-type byte of 2). */
const isTokenAccount = (account: AccountView) =>
  isTokenProgram(account.owner) && (account.data.length === 165 || (account.data.length > 165 && account.data[165] === 2))
const isMint = (account: AccountView) => isTokenProgram(account.owner) && (account.data.length === 82 || (account.data.length > 165 && account.data[165] === 1))
const optionalKey = (data: Uint8Array, offset: number) =>
  new DataView(data.buffer, data.byteOffset).getUint32(offset, true) === 1 ? base58.decode(data.subarray(offset + 4, offset + 36)) : null
const u64 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true)

export async function startSolanaLocalnet(options: SolanaLocalnetOptions = {}): Promise<SolanaLocalnet> {
  const slotMs = options.slotMs ?? 400
  // litesvm checks signatures and duplicates; blockhash validity is this endpoint's, with heights it can advance.
  const svm = new LiteSVM().withBlockhashCheck(false)
  svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n))
  const seed = randomBytes(32)
  const genesisHash = base58.decode(createHash('sha256').update('tessera-localnet').update(seed).digest())
  const startedAt = Date.now()
  let skippedSlots = 0
  let clockSlot = -1
  const issuedBlockhashes = new Map<string, number>()
  const landed = new Map<string, Landed>()

  const currentSlot = () => Math.floor((Date.now() - startedAt) / slotMs) + skippedSlots
  /** The slot now, with litesvm's Clock sysvar moved to it (programs read the slot and time from there). */
  function syncClock(): number {
    const slot = currentSlot()
    if (slot !== clockSlot) {
      const epoch = BigInt(slot) / SLOTS_PER_EPOCH
      svm.setClock(new Clock(BigInt(slot), BigInt(Math.floor(startedAt / 1000)), epoch, epoch + 1n, BigInt(Math.floor(Date.now() / 1000))))
      clockSlot = slot
    }
    return slot
  }
  const blockhashAt = (slot: number) => base58.decode(createHash('sha256').update(seed).update(String(slot)).digest())
  function latestBlockhash() {
    const slot = syncClock()
    const blockhash = blockhashAt(slot)
    issuedBlockhashes.set(blockhash, slot)
    for (const [hash, issuedAt] of issuedBlockhashes) if (issuedAt + BLOCKHASH_VALIDITY < slot) issuedBlockhashes.delete(hash)
    return { blockhash, lastValidBlockHeight: slot + BLOCKHASH_VALIDITY }
  }
  function isBlockhashValid(blockhash: string): boolean {
    const issuedAt = issuedBlockhashes.get(blockhash)
    return issuedAt !== undefined && issuedAt + BLOCKHASH_VALIDITY >= syncClock()
  }
  const context = () => ({ slot: syncClock() })
  const withContext = (value: Json) => ({ context: context(), value })

  function readAccount(address: string): AccountView | null {
    const account = svm.getAccount(address as Address)
    return account.exists ? accountView(account) : null
  }
  function tokenAmount(account: AccountView): Json {
    const mint = readAccount(base58.decode(account.data.subarray(0, 32)))
    const decimals = mint && isMint(mint) ? mint.data[44]! : 0
    const amount = u64(account.data, 64)
    const ui = uiAmountString(amount, decimals)
    return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui }
  }
  /** The `jsonParsed` form of SPL token accounts and mints, as the validator's account-decoder gives them. */
  function parsedTokenData(account: AccountView): Json | null {
    const { data } = account
    const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
    if (isTokenAccount(account)) {
      const state = ['uninitialized', 'initialized', 'frozen'][data[108]!] ?? 'uninitialized'
      const delegate = optionalKey(data, 72)
      const info: { [key: string]: Json } = {
        isNative: new DataView(data.buffer, data.byteOffset).getUint32(109, true) === 1,
        mint: base58.decode(data.subarray(0, 32)),
        owner: base58.decode(data.subarray(32, 64)),
        state,
        tokenAmount: tokenAmount(account),
      }
      if (delegate) info.delegate = delegate
      return { program, parsed: { type: 'account', info }, space: data.length }
    }
    if (isMint(account)) {
      const decimals = data[44]!
      return {
        program,
        parsed: {
          type: 'mint',
          info: {
            decimals,
            freezeAuthority: optionalKey(data, 46),
            isInitialized: data[45] === 1,
            mintAuthority: optionalKey(data, 0),
            supply: u64(data, 36).toString(),
          },
        },
        space: data.length,
      }
    }
    return null
  }
  function encodeAccount(account: AccountView | null, encoding: string): Json {
    if (!account) return null
    const data: Json =
      encoding === 'base58'
        ? [base58.decode(account.data), 'base58']
        : encoding === 'jsonParsed'
          ? (parsedTokenData(account) ?? [base64.decode(account.data), 'base64'])
          : [base64.decode(account.data), 'base64']
    return { data, executable: account.executable, lamports: Number(account.lamports), owner: account.owner, rentEpoch: 0, space: account.data.length }
  }

  function decodeTransaction(encoded: unknown, encoding: unknown): { transaction: VersionedTransaction; bytes: Uint8Array } {
    if (typeof encoded !== 'string') throw new RpcError(-32602, 'Invalid params: the transaction must be an encoded string')
    if (encoding !== undefined && encoding !== 'base64' && encoding !== 'base58')
      throw new RpcError(-32602, `Invalid params: unsupported encoding: ${String(encoding)}`)
    try {
      const bytes = encoding === 'base64' ? new Uint8Array(base64.encode(encoded)) : new Uint8Array(base58.encode(encoded))
      return { transaction: VersionedTransaction.deserialize(bytes), bytes }
    } catch {
      throw new RpcError(-32602, `invalid transaction: failed to deserialize the ${String(encoding ?? 'base58')} transaction`)
    }
  }
  /** Hands the bytes to litesvm; a transaction missing a signature fails verification as on a validator. */
  function runTransaction<Result>(bytes: Uint8Array, run: (transaction: ReturnType<typeof kitTransactions.decode>) => Result): Result | 'SignatureFailure' {
    try {
      return run(kitTransactions.decode(bytes))
    } catch (error) {
      if (isSolanaError(error, SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING)) return 'SignatureFailure'
      throw error
    }
  }
  const resultError = (result: LitesvmResult) => (result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null)
  const resultMeta = (result: LitesvmResult) => (result instanceof FailedTransactionMetadata ? result.meta() : result)
  function innerInstructionsJson(meta: TransactionMetadata): Json {
    return meta.innerInstructions().flatMap((instructions, index) =>
      instructions.length === 0
        ? []
        : [
            {
              index,
              instructions: instructions.map((inner) => {
                const compiled = inner.instruction()
                return {
                  programIdIndex: compiled.programIdIndex(),
                  accounts: [...compiled.accounts()],
                  data: base58.decode(compiled.data()),
                  stackHeight: inner.stackHeight(),
                }
              }),
            },
          ],
    )
  }
  function returnDataJson(meta: TransactionMetadata): Json {
    const returnData = meta.returnData()
    const data = returnData.data()
    return data.length === 0 ? null : { programId: base58.decode(returnData.programId()), data: [base64.decode(data), 'base64'] }
  }

  /** The simulation value validators answer (also the `data` of a failed preflight). */
  function simulate(
    transaction: VersionedTransaction,
    bytes: Uint8Array,
    config: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: { addresses: string[]; encoding?: string } },
  ) {
    const empty = { err: 'BlockhashNotFound', logs: [], accounts: null, unitsConsumed: 0, returnData: null, innerInstructions: null }
    if (!config.replaceRecentBlockhash && !isBlockhashValid(transaction.message.recentBlockhash)) return empty
    svm.withSigverify(config.sigVerify ?? false)
    let simulated: ReturnType<LiteSVM['simulateTransaction']> | 'SignatureFailure'
    try {
      simulated = runTransaction(bytes, (decoded) => svm.simulateTransaction(decoded))
    } finally {
      svm.withSigverify(true)
    }
    const result = simulated === 'SignatureFailure' || simulated instanceof FailedTransactionMetadata ? simulated : simulated.meta()
    const err = result === 'SignatureFailure' ? 'SignatureFailure' : resultError(result)
    if (err === 'SignatureFailure') throw new RpcError(-32003, 'Transaction signature verification failure')
    const meta = resultMeta(result as LitesvmResult)
    // Requested accounts as the transaction leaves them; a failed one leaves them as they are.
    const postAccounts = simulated instanceof SimulatedTransactionInfo ? simulated.postAccounts() : []
    const accountAfter = (address: string): AccountView | null => {
      const after = postAccounts.find((account) => account.address === address)
      return after ? accountView(after) : readAccount(address)
    }
    return {
      err,
      logs: meta.logs(),
      accounts: config.accounts
        ? config.accounts.addresses.map((address) => encodeAccount(accountAfter(address), config.accounts!.encoding ?? 'base64'))
        : null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: returnDataJson(meta),
      innerInstructions: null,
      ...(config.replaceRecentBlockhash && { replacementBlockhash: latestBlockhash() }),
    }
  }

  const balanceOf = (address: string) => Number(svm.getBalance(address as Address) ?? 0n)
  function land(transaction: VersionedTransaction, bytes: Uint8Array): void {
    const signature = base58.decode(transaction.signatures[0]!)
    // A transaction on an unknown or expired blockhash never lands: the leader drops it.
    if (!isBlockhashValid(transaction.message.recentBlockhash)) return
    const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
    const preBalances = keys.map(balanceOf)
    const result = runTransaction(bytes, (decoded) => svm.sendTransaction(decoded))
    if (result === 'SignatureFailure') return
    const postBalances = keys.map(balanceOf)
    // Failed before execution (fee payer, duplicate, signature): nothing was charged and nothing lands.
    if (result instanceof FailedTransactionMetadata && postBalances[0]! >= preBalances[0]!) return
    landed.set(signature, {
      slot: syncClock(),
      blockTime: Math.floor(Date.now() / 1000),
      err: resultError(result),
      transaction,
      fee: transactionFee(transaction.message),
      preBalances,
      postBalances,
      meta: resultMeta(result),
    })
  }

  function sendTransaction(params: Params): string {
    const config = (params[1] ?? {}) as { encoding?: string; skipPreflight?: boolean }
    const { transaction, bytes } = decodeTransaction(params[0], config.encoding)
    if (!config.skipPreflight) {
      const preflight = simulate(transaction, bytes, { sigVerify: true })
      if (preflight.err) throw new RpcError(-32002, `Transaction simulation failed: ${describeTransactionError(preflight.err)}`, preflight)
    }
    land(transaction, bytes)
    return base58.decode(transaction.signatures[0]!)
  }

  function airdrop(address: string, lamports: bigint): string {
    syncClock()
    // A fresh litesvm blockhash per airdrop: two equal airdrops in one slot are two transactions, not a duplicate.
    svm.expireBlockhash()
    const result = svm.airdrop(address as Address, toLamports(lamports))
    if (!result || result instanceof FailedTransactionMetadata) {
      throw new RpcError(-32602, `airdrop failed: ${result ? describeTransactionError(transactionErrorJson(result.err())) : 'no result'}`)
    }
    const signature = base58.decode(result.signature())
    const balance = balanceOf(address)
    landed.set(signature, {
      slot: syncClock(),
      blockTime: Math.floor(Date.now() / 1000),
      err: null,
      fee: LAMPORTS_PER_SIGNATURE,
      preBalances: [balance - Number(lamports)],
      postBalances: [balance],
      meta: result,
    })
    return signature
  }

  function transactionJson(transaction: VersionedTransaction, encoding: string): Json {
    if (encoding === 'base64') return [base64.decode(transaction.serialize()), 'base64']
    const { message } = transaction
    return {
      signatures: transaction.signatures.map((signature) => base58.decode(signature)),
      message: {
        accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
        header: { ...message.header },
        instructions: message.compiledInstructions.map((instruction: MessageCompiledInstruction) => ({
          programIdIndex: instruction.programIdIndex,
          accounts: [...instruction.accountKeyIndexes],
          data: base58.decode(instruction.data),
          stackHeight: null,
        })),
        recentBlockhash: message.recentBlockhash,
        ...(transaction.version === 0 && {
          addressTableLookups: message.addressTableLookups.map((lookup) => ({
            accountKey: lookup.accountKey.toBase58(),
            writableIndexes: [...lookup.writableIndexes],
            readonlyIndexes: [...lookup.readonlyIndexes],
          })),
        }),
      },
    }
  }
  function getTransaction(params: Params): Json {
    const signature = stringParam(params, 0)
    const config = (params[1] ?? {}) as { encoding?: string; maxSupportedTransactionVersion?: number }
    const encoding = config.encoding ?? 'json'
    if (encoding !== 'json' && encoding !== 'base64')
      throw new RpcError(-32602, `Invalid params: this local endpoint answers getTransaction in json or base64, not ${encoding}`)
    const record = landed.get(signature)
    if (!record?.transaction) return null
    const { transaction } = record
    if (transaction.version === 0 && config.maxSupportedTransactionVersion === undefined) {
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      version: transaction.version,
      transaction: transactionJson(transaction, encoding),
      meta: {
        err: record.err,
        status: record.err ? { Err: record.err } : { Ok: null },
        fee: Number(record.fee),
        preBalances: record.preBalances,
        postBalances: record.postBalances,
        innerInstructions: innerInstructionsJson(record.meta),
        logMessages: record.meta.logs(),
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: Number(record.meta.computeUnitsConsumed()),
      },
    }
  }

  function tokenAccountsByOwner(params: Params): Json {
    const owner = addressParam(params, 0)
    const filter = (params[1] ?? {}) as { mint?: string; programId?: string }
    const encoding = ((params[2] ?? {}) as { encoding?: string }).encoding ?? 'base64'
    const mintAccount = filter.mint ? readAccount(filter.mint) : null
    const program = filter.programId ?? mintAccount?.owner
    if (!program || !isTokenProgram(program)) throw new RpcError(-32602, 'Invalid param: could not find mint')
    const accounts = svm.getProgramAccounts(program as Address).flatMap((account) => {
      const view = accountView(account)
      if (!isTokenAccount(view) || base58.decode(view.data.subarray(32, 64)) !== owner) return []
      if (filter.mint && base58.decode(view.data.subarray(0, 32)) !== filter.mint) return []
      return [{ pubkey: account.address, account: encodeAccount(view, encoding) }]
    })
    return withContext(accounts)
  }

  /** A landed transaction's memos as a validator reports them: "[length] text" per memo instruction, "; "-joined. */
  function memoOf(transaction: VersionedTransaction): string | null {
    const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
    const memos = transaction.message.compiledInstructions
      .filter((instruction) => MEMO_PROGRAMS.has(keys[instruction.programIdIndex]!))
      .map((instruction) => `[${instruction.data.length}] ${Buffer.from(instruction.data).toString('utf8')}`)
    return memos.length > 0 ? memos.join('; ') : null
  }
  /** The signatures of landed transactions naming `address`, newest first, between `before` and `until` (both excluded). */
  function signaturesForAddress(params: Params): Json {
    const address = addressParam(params, 0)
    const config = (params[1] ?? {}) as { limit?: unknown; before?: unknown; until?: unknown }
    const limit = config.limit ?? MAX_SIGNATURES_PER_CALL
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_PER_CALL)
      throw new RpcError(-32602, 'Invalid limit; max 1000')
    const newestFirst = [...landed].reverse().filter(([, record]) => record.transaction?.message.staticAccountKeys.some((key) => key.toBase58() === address))
    const start = typeof config.before === 'string' ? newestFirst.findIndex(([signature]) => signature === config.before) + 1 : 0
    const untilIndex = typeof config.until === 'string' ? newestFirst.findIndex(([signature]) => signature === config.until) : -1
    return newestFirst
      .slice(start, untilIndex === -1 ? undefined : untilIndex)
      .slice(0, limit)
      .map(([signature, record]) => ({
        signature,
        slot: record.slot,
        err: record.err,
        memo: memoOf(record.transaction!),
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
      }))
  }

  const methods: Record<string, (params: Params) => Json> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': `litesvm-${litesvmVersion}`, 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => syncClock(),
    getBlockHeight: () => syncClock(),
    getEpochInfo: () => {
      const slot = syncClock()
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / Number(SLOTS_PER_EPOCH)),
        slotIndex: slot % Number(SLOTS_PER_EPOCH),
        slotsInEpoch: Number(SLOTS_PER_EPOCH),
        transactionCount: landed.size,
      }
    },
    getLatestBlockhash: () => withContext(latestBlockhash()),
    isBlockhashValid: (params) => withContext(isBlockhashValid(stringParam(params, 0))),
    getFeeForMessage: (params) => {
      let message: VersionedMessage
      try {
        message = VersionedMessage.deserialize(new Uint8Array(base64.encode(stringParam(params, 0))))
      } catch {
        throw new RpcError(-32602, 'Invalid params: the message must be a base64 transaction message')
      }
      return withContext(isBlockhashValid(message.recentBlockhash) ? Number(transactionFee(message)) : null)
    },
    getMinimumBalanceForRentExemption: (params) => {
      const length = params[0]
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
        throw new RpcError(-32602, 'Invalid params: the data length must be a non-negative integer')
      return Number(svm.minimumBalanceForRentExemption(BigInt(length)))
    },
    getBalance: (params) => withContext(balanceOf(addressParam(params, 0))),
    getAccountInfo: (params) => withContext(encodeAccount(readAccount(addressParam(params, 0)), encodingParam(params[1]))),
    getMultipleAccounts: (params) => {
      const addresses = params[0]
      if (!Array.isArray(addresses)) throw new RpcError(-32602, 'Invalid params: expected an array of addresses')
      return withContext(addresses.map((_, index) => encodeAccount(readAccount(addressParam(addresses, index)), encodingParam(params[1]))))
    },
    getTokenAccountBalance: (params) => {
      const account = readAccount(addressParam(params, 0))
      if (!account || !isTokenAccount(account)) throw new RpcError(-32602, 'Invalid param: not a Token account')
      return withContext(tokenAmount(account))
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    requestAirdrop: (params) => {
      const lamports = params[1]
      if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports <= 0)
        throw new RpcError(-32602, 'Invalid params: lamports must be a positive integer')
      return airdrop(addressParam(params, 0), BigInt(lamports))
    },
    sendTransaction,
    simulateTransaction: (params) => {
      const config = (params[1] ?? {}) as {
        encoding?: string
        sigVerify?: boolean
        replaceRecentBlockhash?: boolean
        accounts?: { addresses: string[]; encoding?: string }
      }
      if (config.sigVerify && config.replaceRecentBlockhash) throw new RpcError(-32602, 'Invalid params: sigVerify may not be used with replaceRecentBlockhash')
      const { transaction, bytes } = decodeTransaction(params[0], config.encoding)
      return withContext(simulate(transaction, bytes, config))
    },
    getSignatureStatuses: (params) => {
      const signatures = params[0]
      if (!Array.isArray(signatures) || signatures.length > 256) throw new RpcError(-32602, 'Invalid params: expected up to 256 signatures')
      return withContext(
        signatures.map((signature) => {
          const record = typeof signature === 'string' ? landed.get(signature) : undefined
          if (!record) return null
          return {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: record.err ? { Err: record.err } : { Ok: null },
            confirmationStatus: 'finalized',
          }
        }),
      )
    },
    getTransaction,
    getSignaturesForAddress: signaturesForAddress,
  }

  function answer(request: unknown): Json {
    const { id = null, method, params = [] } = (request ?? {}) as { id?: Json; method?: unknown; params?: unknown }
    if (
      typeof request !== 'object' ||
      request === null ||
      (request as { jsonrpc?: unknown }).jsonrpc !== '2.0' ||
      typeof method !== 'string' ||
      !Array.isArray(params)
    ) {
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
    }
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: handler(params as Params) }
    } catch (error) {
      if (error instanceof RpcError)
        return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) } }
      return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } }
    }
  }

  // A request the client aborts mid-body only loses its own socket.
  const server = createServer((request, response) => void handleHttp(request, response, answer).catch(() => response.destroy()))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  return {
    rpcUrl: `http://${address}:${port}`,
    svm,
    airdrop,
    advanceBlocks(blocks) {
      skippedSlots += blocks
      syncClock()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function stringParam(params: Json[], index: number): string {
  const value = params[index]
  if (typeof value !== 'string') throw new RpcError(-32602, `Invalid params: parameter ${index} must be a string`)
  return value
}
/** A base58 public key, refused like a validator refuses one ("Invalid param: Invalid"). */
function addressParam(params: Json[], index: number): string {
  const value = stringParam(params, index)
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(base58.encode(value))
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid')
  }
  if (bytes.length !== 32) throw new RpcError(-32602, 'Invalid param: WrongSize')
  return value
}
function encodingParam(config: Json | undefined): string {
  const encoding = (config as { encoding?: unknown } | undefined)?.encoding ?? 'base64'
  if (encoding !== 'base64' && encoding !== 'base58' && encoding !== 'jsonParsed')
    throw new RpcError(-32602, `Invalid params: unsupported encoding: ${String(encoding)}`)
  return encoding
}

const maxBodyBytes = 1 << 20
/** JSON-RPC over HTTP POST (single or batch), open to browser pages of any origin. */
async function handleHttp(request: IncomingMessage, response: ServerResponse, answer: (request: unknown) => Json) {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', '*')
  response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  if (request.method === 'OPTIONS') return void response.writeHead(204).end()
  // Validators answer GET /health beside the RPC's getHealth.
  if (request.method === 'GET' && request.url === '/health') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  if (request.method !== 'POST') return void response.writeHead(405, { allow: 'POST, GET, OPTIONS' }).end()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) return void response.writeHead(413).end()
    chunks.push(chunk)
  }
  let body: unknown
  let reply: Json
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    reply = Array.isArray(body) ? body.map(answer) : answer(body)
  } catch {
    reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
}
