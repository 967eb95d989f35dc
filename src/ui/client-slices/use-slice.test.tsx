import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { TesseraClient } from '../../core/index.js'
import { useAuthState } from './auth.js'
import { useSlice } from './use-slice.js'

const noSubscription = () => () => {}

function Slice({ get, onServer }: { get: () => string; onServer?: () => string }) {
  return <output>{useSlice(noSubscription, get, onServer)}</output>
}

function AuthStatus({ client }: { client: TesseraClient }) {
  return <output>{useAuthState(client).status}</output>
}

describe('useSlice on the server', () => {
  it('renders the slice itself when no server snapshot is given', () => {
    expect(renderToStaticMarkup(<Slice get={() => 'current'} />)).toBe('<output>current</output>')
  })

  it('renders the server snapshot when one is given', () => {
    expect(renderToStaticMarkup(<Slice get={() => 'current'} onServer={() => 'server'} />)).toBe('<output>server</output>')
  })

  it('shows the session as still being checked, whatever the client holds (useAuthState)', () => {
    const signedIn = { watchAuth: noSubscription, getAuth: () => ({ status: 'authenticated', user: null }) } as unknown as TesseraClient
    expect(renderToStaticMarkup(<AuthStatus client={signedIn} />)).toBe('<output>loading</output>')
  })
})
