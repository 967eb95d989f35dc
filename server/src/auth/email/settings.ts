import { z } from 'zod'
import type { LoginMethodSettings } from '../login-method.js'

const file = { disable_plus_emails: z.boolean().optional() }

export const emailSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app) => ({ disablePlusEmails: app.disable_plus_emails }),
}
