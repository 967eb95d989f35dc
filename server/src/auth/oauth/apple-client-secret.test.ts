import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { appleClientSecret } from './apple-client-secret.js'

describe('appleClientSecret', () => {
  it('is an ES256 JWT from the team key: iss team, sub client, aud Apple, short-lived', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const settings = {
      clientId: 'com.example.web',
      clientSecret: null,
      apple: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKeyPem: await exportPKCS8(privateKey) },
    }
    const now = Date.now()
    const secret = await appleClientSecret(settings, now)
    const { payload, protectedHeader } = await jwtVerify(secret, await importSPKI(await exportSPKI(publicKey), 'ES256'), {
      issuer: 'TEAM123456',
      subject: 'com.example.web',
      audience: 'https://appleid.apple.com',
      currentDate: new Date(now),
    })
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'KEY1234567' })
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300)
  })
})
