export const loginMethods = ['email'] as const
export type LoginMethod = (typeof loginMethods)[number]

/** An app hosted by this server, as stored. */
export interface AppRecord {
  id: string
  name: string
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  termsUrl: string | null
  privacyUrl: string | null
  requireUsersAcceptTerms: boolean
  disablePlusEmails: boolean
  logoUrl: string | null
  accentColor: string | null
  theme: 'light' | 'dark' | null
}

export type AppInput = Partial<Omit<AppRecord, 'id'>> & { id?: string }
