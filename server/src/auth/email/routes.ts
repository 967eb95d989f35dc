import type { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { mountOtpRoutes } from '../otp/otp-routes.js'
import { emailChannel } from './email-channel.js'

/** `POST /api/v1/passwordless/{init,authenticate,link,unlink,update,transfer}`: email one-time codes. */
export const mountPasswordlessRoutes = (app: Hono<AppEnv>, ctx: ServerContext): void => mountOtpRoutes(app, ctx, emailChannel)
