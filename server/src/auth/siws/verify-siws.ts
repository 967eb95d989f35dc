import { createPublicKey, verify } from 'node:crypto'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { assertIssuedRecently, assertMessageUri } from '../siwe/message-origin.js'
import { consumeWalletNonce, invalidWalletSignature } from '../siwe/wallet-nonces.js'
import { decodeBase58, siwsMessage } from '../../../../src/protocol/index.js'
import { parseMemoTransaction } from './memo-transaction.js'

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** The fields a client puts in a Sign-In with Solana message; everything else the server supplies itself. */
const clientFields =
  /^[^\n]* wants you to sign in with your Solana account:\n(?<address>[1-9A-HJ-NP-Za-km-z]{32,44})\n[\s\S]*\nURI: (?<uri>[^\n]+)\n[\s\S]*\nNonce: (?<nonce>[a-zA-Z0-9]{8,64})\nIssued At: (?<issuedAt>[^\n]+)(?<resources>(?:\nResources:(?:\n- [^\n]+)+)?)$/

/**
 * Verifies a Sign-In with Solana message: it must be exactly the message the server rebuilds from the request
 * origin and the nonce it issued, fresh, with an allowed URI, and signed (Ed25519) by the address's key.
 * Returns the base58 address. With `messageType` 'transaction' the signature is instead a whole signed Solana
 * transaction (base64 or base58) whose Memo instruction carries the message (wallets that cannot sign messages).
 */
export async function verifySiws(
  ctx: ServerContext,
  app: AppRecord,
  origin: URL,
  message: string,
  signature: string,
  messageType: 'plain' | 'transaction' = 'plain',
): Promise<string> {
  const fields = message.match(clientFields)?.groups
  if (!fields?.address || !fields.uri || !fields.nonce || !fields.issuedAt) throw invalidWalletSignature('Not a Sign-In with Solana message')
  const expected = siwsMessage({
    domain: origin.host,
    address: fields.address,
    uri: fields.uri,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    resources: resourcesOf(fields.resources),
  })
  if (message !== expected) throw invalidWalletSignature('The message is not the one this app asked to sign')
  assertMessageUri(app, fields.uri)
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(fields.issuedAt)) throw invalidWalletSignature('The message has no valid issued-at time')
  assertIssuedRecently(Date.parse(fields.issuedAt), ctx.clock.now())
  const publicKey = decodeBase58(fields.address)
  if (publicKey?.length !== 32) throw invalidWalletSignature('Not a Solana address')
  const signed = messageType === 'transaction' ? memoTransactionSigned(publicKey, message, signature) : messageSigned(publicKey, message, signature)
  if (!signed) throw invalidWalletSignature('The signature does not match the address')
  await consumeWalletNonce(ctx, app.id, 'solana', fields.address, fields.nonce)
  return fields.address
}

/** The URIs of a message's `Resources:` block (`\nResources:\n- a\n- b`), none when it has no block. */
const resourcesOf = (block: string | undefined): string[] => (block ? block.split('\n- ').slice(1) : [])

/**
 * Wallets send bytes (a 64-byte signature, or a signed transaction) as base64 or base58. Some base58 text is
 * valid base64 too, so both readings are tried and either may carry the proof.
 */
function decodings(text: string): Uint8Array[] {
  const base64 = Buffer.from(text, 'base64')
  const readings = base64.length > 0 && base64.toString('base64') === text ? [base64] : []
  const base58 = decodeBase58(text)
  return base58 ? [...readings, base58] : readings
}

function messageSigned(publicKey: Uint8Array, message: string, signature: string): boolean {
  return decodings(signature).some((bytes) => bytes.length === 64 && ed25519Verify(publicKey, Buffer.from(message, 'utf8'), bytes))
}

/** The transaction carries exactly the message in a memo, and the address signed the transaction's message bytes. */
function memoTransactionSigned(publicKey: Uint8Array, message: string, signedTransaction: string): boolean {
  return decodings(signedTransaction).some((bytes) => {
    const transaction = parseMemoTransaction(bytes)
    if (!transaction?.memos.includes(message)) return false
    const signer = transaction.signers.find((candidate) => Buffer.from(candidate.publicKey).equals(Buffer.from(publicKey)))
    return !!signer && ed25519Verify(publicKey, Buffer.from(transaction.message), signer.signature)
  })
}

function ed25519Verify(publicKey: Uint8Array, data: Buffer, signature: Uint8Array): boolean {
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' })
  try {
    return verify(null, data, key, signature)
  } catch {
    return false
  }
}
