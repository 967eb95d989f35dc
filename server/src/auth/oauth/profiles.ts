import { z } from 'zod'
import type { OAuthProvider } from '../../../../src/protocol/index.js'
import type { AccountDetails } from '../../users/store.js'

/** What a provider told us about the user, in the linked-account shape of the sign-in spec, "Entities and their fields". */
export interface OAuthProfile {
  subject: string
  /** The per-type wire fields (email, name, username, profile_picture_url, vanity_name). */
  details: AccountDetails
  /** An email the provider says it verified: the only one the allowlist may match (never used to link accounts). */
  verifiedEmail: string | null
  /** How the transfer screen names the account. */
  displayName: string
}

const id = z.union([z.string().min(1), z.number()]).transform(String)
const text = z
  .string()
  .nullish()
  .transform((value) => value || null)
/** Apple sends `email_verified` as a boolean or as the string "true". */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .nullish()
  .transform((value) => value === true || value === 'true')

const profile = (subject: string, details: AccountDetails, verifiedEmail: string | null = null): OAuthProfile => ({
  subject,
  details,
  verifiedEmail,
  displayName: String(details.email ?? details.username ?? details.name ?? subject),
})

/** ID-token claims of Google, Apple, LINE and LinkedIn (OpenID Connect). */
const oidcClaims = z.object({ sub: z.string().min(1), email: text, email_verified: flag, name: text, picture: text })

/** One mapper per provider, from its documented response (ID-token claims or user API JSON) to an OAuthProfile. */
export const profileMappers: Record<OAuthProvider, (data: unknown) => OAuthProfile> = {
  google(data) {
    const c = oidcClaims.parse(data)
    return profile(c.sub, { email: c.email, name: c.name }, c.email_verified ? c.email : null)
  },
  apple(data) {
    const c = oidcClaims.parse(data)
    return profile(c.sub, { email: c.email }, c.email_verified ? c.email : null)
  },
  // LINE marks no email as verified.
  line(data) {
    const c = oidcClaims.parse(data)
    return profile(c.sub, { name: c.name, email: c.email, profile_picture_url: c.picture })
  },
  // LinkedIn's OpenID claims carry no vanity name; an overridden profile endpoint may add `vanityName`.
  linkedin(data) {
    const c = oidcClaims.extend({ vanityName: text }).parse(data)
    return profile(c.sub, { name: c.name, email: c.email, vanity_name: c.vanityName }, c.email_verified ? c.email : null)
  },
  // GET https://api.x.com/2/users/me?user.fields=profile_image_url
  twitter(data) {
    const { data: u } = z.object({ data: z.object({ id, username: z.string(), name: text, profile_image_url: text }) }).parse(data)
    return profile(u.id, { username: u.username, name: u.name, profile_picture_url: u.profile_image_url })
  },
  // GET https://discord.com/api/users/@me: `verified` is about the email.
  discord(data) {
    const u = z.object({ id, username: z.string(), email: text, verified: flag }).parse(data)
    return profile(u.id, { username: u.username, email: u.email }, u.verified ? u.email : null)
  },
  // GET https://api.github.com/user and /user/emails (the primary verified address).
  github(data) {
    const { user, emails } = z
      .object({
        user: z.object({ id, login: z.string(), name: text, email: text }),
        emails: z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() })).catch([]),
      })
      .parse(data)
    const primary = emails.find((entry) => entry.primary && entry.verified)?.email ?? null
    return profile(user.id, { username: user.login, name: user.name, email: user.email ?? primary }, primary)
  },
  // GET https://api.spotify.com/v1/me: Spotify does not say whether the email is verified.
  spotify(data) {
    const u = z.object({ id, email: text, display_name: text }).parse(data)
    return profile(u.id, { email: u.email, name: u.display_name })
  },
  // GET https://graph.instagram.com/me?fields=id,username
  instagram(data) {
    const u = z.object({ id, username: z.string() }).parse(data)
    return profile(u.id, { username: u.username })
  },
  // GET https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username
  tiktok(data) {
    const {
      data: { user },
    } = z.object({ data: z.object({ user: z.object({ open_id: z.string().min(1), username: text, display_name: text }) }) }).parse(data)
    return profile(user.open_id, { username: user.username, name: user.display_name })
  },
}
