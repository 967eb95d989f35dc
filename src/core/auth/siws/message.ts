import { resourceLines } from '../siwe/message.js'

/** The Sign-In with Solana message: the statement names the address and the chain is mainnet (as the server rebuilds it). */

export interface SiwsMessageFields {
  domain: string
  address: string
  uri: string
  nonce: string
  issuedAt: Date
  resources: string[]
}

export function siwsMessage(fields: SiwsMessageFields): string {
  const resources = resourceLines(fields.resources)
  return `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}\n\nYou are proving you own ${fields.address}.\n\n`
    + `URI: ${fields.uri}\nVersion: 1\nChain ID: mainnet\nNonce: ${fields.nonce}\nIssued At: ${fields.issuedAt.toISOString()}${resources}`
}
