import { createHash, createHmac, randomBytes } from 'node:crypto'

/** A new opaque refresh token: 32 random bytes. */
export const newRefreshToken = () => randomBytes(32).toString('base64url')

/** Only this hash is stored. */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * The successor of `token`, derived with the server secret. Deterministic, so concurrent refreshes
 * inside the grace window can all be handed the same child without storing it in plaintext.
 */
export const successorRefreshToken = (secret: Buffer, token: string) => createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url')
