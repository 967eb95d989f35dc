import { describe, expect, it } from 'vitest'
import { appFileSchema, appInputFromFile } from '../../apps/app-file-schema.js'
import { appInputFromFlags, UsageError } from '../../apps/app-flags.js'

const sources = { env: {}, baseDir: '.' }
const APP_ID = 'a'.repeat(25)

describe('passkey app settings', () => {
  it('are read from CLI flags', () => {
    expect(appInputFromFlags({ 'passkey-rp-id': 'example.com', 'passkeys-for-signup': 'false', 'passkey-require-uv': 'true' }, null)).toMatchObject({
      passkeyRpId: 'example.com',
      passkeysForSignup: false,
      passkeyRequireUserVerification: true,
    })
    expect(appInputFromFlags({ 'passkey-rp-id': '' }, null).passkeyRpId).toBeNull()
    expect(() => appInputFromFlags({ 'passkey-rp-id': 'https://example.com' }, null)).toThrow(UsageError)
  })

  it('are read from the config file', () => {
    const file = appFileSchema.parse({
      id: APP_ID,
      login_methods: ['passkey'],
      passkey_rp_id: 'example.com',
      passkeys_for_signup: false,
      passkey_require_user_verification: true,
    })
    expect(appInputFromFile(file, sources)).toMatchObject({
      loginMethods: ['passkey'],
      passkeyRpId: 'example.com',
      passkeysForSignup: false,
      passkeyRequireUserVerification: true,
    })
    expect(appFileSchema.safeParse({ id: APP_ID, passkey_rp_id: 'example.com:443' }).success).toBe(false)
  })
})
