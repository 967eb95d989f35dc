/** The Sign-In with Ethereum message (EIP-4361; document 1 §3): domain, address, statement, URI, version 1, chain id, nonce, issued-at, resources. */

export interface SiweMessageFields {
  domain: string
  address: string
  statement: string
  uri: string
  chainId: number
  nonce: string
  issuedAt: Date
  resources: string[]
}

/** The optional last lines of both SIWE and SIWS messages. */
export const resourceLines = (resources: string[]): string => (resources.length ? `\nResources:${resources.map((resource) => `\n- ${resource}`).join('')}` : '')

export function siweMessage(fields: SiweMessageFields): string {
  const resources = resourceLines(fields.resources)
  return `${fields.domain} wants you to sign in with your Ethereum account:\n${fields.address}\n\n${fields.statement}\n\n`
    + `URI: ${fields.uri}\nVersion: 1\nChain ID: ${fields.chainId}\nNonce: ${fields.nonce}\nIssued At: ${fields.issuedAt.toISOString()}${resources}`
}
