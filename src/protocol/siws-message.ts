/**
 * The Sign-In with Solana message the client writes and the server rebuilds to compare (sign-in spec, "States and transitions"): EIP-4361's
 * layout with a Solana account, a statement naming the address and chain `mainnet`. No maintained library writes
 * this text (viem/siwe is Ethereum-only; docs/decisions.md), so client and server share this one builder.
 */
export interface SiwsMessageFields {
  domain: string
  address: string
  uri: string
  nonce: string
  /** ISO 8601, as written in the message. */
  issuedAt: string
  resources: string[]
}

export function siwsMessage(fields: SiwsMessageFields): string {
  const resources = fields.resources.length ? `\nResources:${fields.resources.map((resource) => `\n- ${resource}`).join('')}` : ''
  return (
    `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}\n\nYou are proving you own ${fields.address}.\n\n` +
    `URI: ${fields.uri}\nVersion: 1\nChain ID: mainnet\nNonce: ${fields.nonce}\nIssued At: ${fields.issuedAt}${resources}`
  )
}
