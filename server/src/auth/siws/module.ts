import { defineLoginMethod } from '../login-method.js'
import { siwsRoutes } from './routes.js'

export const siwsModule = defineLoginMethod({
  name: 'siws',
  mounts: [{ path: '/api/v1/siws', routes: siwsRoutes }],
})
