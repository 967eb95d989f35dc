import { describe, expect, it } from 'vitest'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import { withOriginsFromEnv } from './dev-origins-env.js'

const devApp: AppFile = { id: 'tessera-dev-app-000000001', allowed_origins: ['http://localhost:*'], oauth_redirect_urls: ['http://localhost:5173/vanilla/'] }

describe('npm start: extra origins and redirect URLs from the environment (issue 15)', () => {
  it('adds TESSERA_ALLOWED_ORIGINS and TESSERA_REDIRECT_URLS (comma lists) to the dev app, once each', () => {
    const app = withOriginsFromEnv(devApp, {
      TESSERA_ALLOWED_ORIGINS: ' http://192.168.1.20:5173, https://dev.example:* ,http://localhost:*',
      TESSERA_REDIRECT_URLS: 'http://192.168.1.20:5173/vanilla/',
    })
    expect(app.allowed_origins).toEqual(['http://localhost:*', 'http://192.168.1.20:5173', 'https://dev.example:*'])
    expect(app.oauth_redirect_urls).toEqual(['http://localhost:5173/vanilla/', 'http://192.168.1.20:5173/vanilla/'])
    expect(withOriginsFromEnv(devApp, {})).toEqual(devApp)
  })

  it('refuses an entry that is not an origin or a URL, naming the variable and the entry', () => {
    expect(() => withOriginsFromEnv(devApp, { TESSERA_ALLOWED_ORIGINS: 'http://192.168.1.20:5173/app' })).toThrow(
      "TESSERA_ALLOWED_ORIGINS: 'http://192.168.1.20:5173/app' is not an origin: use scheme://host[:port] without a path, comma-separated (e.g. http://192.168.1.20:5173)",
    )
    expect(() => withOriginsFromEnv(devApp, { TESSERA_ALLOWED_ORIGINS: '192.168.1.20' })).toThrow("TESSERA_ALLOWED_ORIGINS: '192.168.1.20' is not an origin")
    expect(() => withOriginsFromEnv(devApp, { TESSERA_REDIRECT_URLS: 'not a url' })).toThrow("TESSERA_REDIRECT_URLS: 'not a url' is not an http(s) URL")
  })
})
