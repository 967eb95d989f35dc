import { describe, expect, it } from 'vitest'
import { isAllowedRedirect } from './redirect-url.js'

const allowed = ['https://app.example.com/auth/callback', 'http://localhost:*/callback']

describe('isAllowedRedirect', () => {
  it('accepts exact entries and any port of a :* entry', () => {
    expect(isAllowedRedirect('https://app.example.com/auth/callback', allowed)).toBe(true)
    expect(isAllowedRedirect('http://localhost:5173/callback', allowed)).toBe(true)
    expect(isAllowedRedirect('http://localhost:1/callback', allowed)).toBe(true)
  })

  it.each([
    ['prefix', 'https://app.example.com/auth/callback/extra'],
    ['suffix', 'https://app.example.com/auth/callbackx'],
    ['query appended', 'https://app.example.com/auth/callback?next=/admin'],
    ['fragment', 'https://app.example.com/auth/callback#x'],
    ['subdomain', 'https://evil.app.example.com/auth/callback'],
    ['parent domain suffix', 'https://app.example.com.evil.com/auth/callback'],
    ['userinfo', 'https://app.example.com@evil.com/auth/callback'],
    ['userinfo before host', 'https://evil.com@app.example.com/auth/callback'],
    ['dot segments', 'https://app.example.com/auth/../auth/callback'],
    ['encoded slash', 'https://app.example.com/auth%2Fcallback'],
    ['other scheme', 'http://app.example.com/auth/callback'],
    ['javascript scheme', 'javascript://app.example.com/auth/callback'],
    ['unicode look-alike', 'https://аpp.example.com/auth/callback'],
    ['upper case', 'https://APP.example.com/auth/callback'],
    ['explicit default port', 'https://app.example.com:443/auth/callback'],
    ['trailing slash', 'https://app.example.com/auth/callback/'],
    ['any-port entry, other host', 'http://localhost.evil.com:3000/callback'],
    ['any-port entry, other path', 'http://localhost:3000/callback/x'],
    ['any-port entry, userinfo', 'http://localhost:3000@evil.com/callback'],
    ['any-port entry, no port', 'http://localhost/callback'],
    ['any-port entry, port out of range', 'http://localhost:99999/callback'],
    ['any-port entry, https', 'https://localhost:3000/callback'],
    ['the pattern itself', 'http://localhost:*/callback'],
  ])('refuses a %s variant', (_, candidate) => {
    expect(isAllowedRedirect(candidate, allowed)).toBe(false)
  })
})
