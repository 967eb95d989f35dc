import { CodeEntry } from '../otp/code-entry-screen.js'
import { defineLoginMethodUi } from '../method-ui.js'
import { EmailForm } from './email-form.js'
import { emailRoutes } from './routes.js'

/** Email: the landing's inline form, then the code boxes. */
export const emailUi = defineLoginMethodUi({
  routes: emailRoutes,
  Row: ({ recent }) => <EmailForm recent={recent === 'email'} />,
  Screens: () => <CodeEntry channel="email" />,
  reset: (client) => client.auth.email.reset(),
})
