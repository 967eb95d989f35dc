import { describe, expect, it } from 'vitest'
import type { User } from '../../core/index.js'
import { hasEmbeddedEthereumWallet } from './connect-or-create.js'

describe('hasEmbeddedEthereumWallet', () => {
  it('is true only for an embedded Ethereum wallet (the choice is offered to users without one)', () => {
    const user = (linkedAccounts: unknown[]) => ({ linkedAccounts }) as unknown as User
    const embedded = { type: 'wallet', chainType: 'ethereum', connectorType: 'embedded' }
    expect(hasEmbeddedEthereumWallet(user([{ type: 'wallet', chainType: 'ethereum', connectorType: 'injected' }]))).toBe(false)
    expect(hasEmbeddedEthereumWallet(user([{ ...embedded, chainType: 'solana' }]))).toBe(false)
    expect(hasEmbeddedEthereumWallet(user([embedded]))).toBe(true)
  })
})
