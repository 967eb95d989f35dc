import { defineLoginMethod } from '../login-method.js'
import { siweRoutes } from './routes.js'
import { siweSettings } from './settings.js'

export const siweModule = defineLoginMethod({
  name: 'siwe',
  mounts: [{ path: '/api/v1/siwe', routes: siweRoutes }],
  settings: siweSettings,
})
