import type { LoginMethod, TesseraClient } from '../../core/index.js'
import { loginMethodRoutes, type LandingMethod } from '../login-methods/route-list.js'

export function isLandingMethod(method: LoginMethod): method is LandingMethod {
  return loginMethodRoutes.some((routes) => routes.isEntry(method))
}

/** The method of the last sign-in on this device (drives the 'Recent' chip). */
export type LoginMethodName = NonNullable<ReturnType<TesseraClient['getRecentLoginMethod']>>
