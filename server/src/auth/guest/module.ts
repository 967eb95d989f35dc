import { defineLoginMethod } from '../login-method.js'
import { guestRoutes } from './routes.js'

export const guestModule = defineLoginMethod({
  name: 'guest',
  mounts: [{ path: '/api/v1/guest', routes: guestRoutes }],
})
