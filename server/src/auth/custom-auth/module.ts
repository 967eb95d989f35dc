import { defineLoginMethod } from '../login-method.js'
import { customJwtRoutes } from './routes.js'
import { customAuthSettings } from './settings.js'

export const customAuthModule = defineLoginMethod({
  name: 'custom-auth',
  mounts: [{ path: '/api/v1/custom_jwt_account', routes: customJwtRoutes }],
  settings: customAuthSettings,
})
