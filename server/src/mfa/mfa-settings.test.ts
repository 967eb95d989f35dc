import { describe, expect, it } from 'vitest'
import { appFileSchema, appInputFromFile } from '../apps/app-file-schema.js'
import { appDefaults } from '../apps/store.js'

const APP_ID = 'a'.repeat(25)

describe('MFA app settings', () => {
  it('allow every factor by default, and an app file may narrow them', () => {
    expect(appDefaults.mfaMethods).toEqual(['sms', 'totp', 'passkey'])
    const file = appFileSchema.parse({ id: APP_ID, mfa_methods: ['totp', 'passkey'] })
    expect(appInputFromFile(file, { env: {}, baseDir: '.' }).mfaMethods).toEqual(['totp', 'passkey'])
    expect(appInputFromFile(appFileSchema.parse({ id: APP_ID }), { env: {}, baseDir: '.' }).mfaMethods).toBeUndefined()
  })

  it('refuse unknown or repeated factors', () => {
    expect(appFileSchema.safeParse({ id: APP_ID, mfa_methods: ['email'] }).success).toBe(false)
    expect(appFileSchema.safeParse({ id: APP_ID, mfa_methods: ['sms', 'sms'] }).success).toBe(false)
  })
})
