import { describe, expect, it } from 'vitest'
import { addressWithoutOAuthReturn, readOAuthReturn } from './return-params.js'

describe('OAuth return parameters', () => {
  it('is a return only when code, state and provider are all present', () => {
    expect(readOAuthReturn('?privy_oauth_code=c1&privy_oauth_state=s1&privy_oauth_provider=github')).toEqual({
      authorizationCode: 'c1',
      stateCode: 's1',
      provider: 'github',
    })
    expect(readOAuthReturn('?privy_oauth_code=c1&privy_oauth_state=s1')).toBeNull()
    expect(readOAuthReturn('?privy_oauth_code=c1&privy_oauth_provider=github')).toBeNull()
    expect(readOAuthReturn('?privy_oauth_code=&privy_oauth_state=s1&privy_oauth_provider=github')).toBeNull()
    expect(readOAuthReturn('')).toBeNull()
  })

  it('is a failed return when the server sent an error code with the state and provider', () => {
    expect(readOAuthReturn('?privy_oauth_error=invalid_credentials&privy_oauth_state=s1&privy_oauth_provider=google')).toEqual({
      authorizationCode: '',
      stateCode: 's1',
      provider: 'google',
      error: 'invalid_credentials',
    })
    expect(readOAuthReturn('?privy_oauth_error=invalid_credentials&privy_oauth_provider=google')).toBeNull()
  })

  it('removes the three parameters and keeps every other one as spelled, and the hash', () => {
    const location = {
      pathname: '/app/login',
      search: '?a=1%202&privy_oauth_code=c1&b=x+y&privy_oauth_state=s1&privy%5Foauth%5Fprovider=github&flag',
      hash: '#section',
    }
    expect(addressWithoutOAuthReturn(location)).toBe('/app/login?a=1%202&b=x+y&flag#section')
    expect(addressWithoutOAuthReturn({ pathname: '/', search: '?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=p', hash: '' })).toBe('/')
  })
})
