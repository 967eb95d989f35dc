/** Passkeys (WebAuthn). */
import { post } from './route.js'

export const passkeyRegisterInitRoute = post('/api/v1/passkeys/register/init')
export const passkeyRegisterRoute = post('/api/v1/passkeys/register')
export const passkeyAuthenticateInitRoute = post('/api/v1/passkeys/authenticate/init')
export const passkeyAuthenticateRoute = post('/api/v1/passkeys/authenticate')
export const passkeyLinkInitRoute = post('/api/v1/passkeys/link/init')
export const passkeyLinkRoute = post('/api/v1/passkeys/link')
export const passkeyUnlinkRoute = post('/api/v1/passkeys/unlink')
