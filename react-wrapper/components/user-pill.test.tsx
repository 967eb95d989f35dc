import { describe, expect, it } from 'vitest'
import type { User } from '../../src/core/index.js'
import { embeddedClientDouble } from '../test-support/embedded-client.js'
import { UserPill } from '../index.js'
import { accountLabel } from './user-pill.js'

const user = (fields: Partial<User>) => ({ id: 'did:tessera:1', ...fields }) as User

describe('UserPill', () => {
  it("labels the account by email, else phone, else the wallet's shortened address", () => {
    expect(accountLabel(user({ email: { type: 'email', address: 'ada@example.com' } as User['email'] }))).toBe('ada@example.com')
    expect(accountLabel(user({ phone: { type: 'phone', number: '+1 555 0100' } as User['phone'] }))).toBe('+1 555 0100')
    expect(accountLabel(user({ wallet: { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' } as User['wallet'] }))).toBe('0x9858…da94')
    expect(accountLabel(user({}))).toBeNull()
  })

  it('renders on the server as the sign-in button, held until the session is known', () => {
    const double = embeddedClientDouble('tessera-test-app-00000192')
    try {
      const html = double.render(
        <output>
          <UserPill label="Sign in to the shop" />
        </output>,
      )
      expect(html).toMatch(/^<button type="button" style="[^"]*var\(--tessera-[^"]*" disabled="">Sign in to the shop<\/button>$/)
    } finally {
      double.destroy()
    }
  })
})
