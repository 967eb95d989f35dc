import type { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { mountOtpRoutes } from '../otp/otp-routes.js'
import { smsChannel } from './sms-channel.js'

/** `POST /api/v1/passwordless_sms/{init,authenticate,link,unlink,update,transfer}`: SMS (or WhatsApp) one-time codes. */
export const mountSmsRoutes = (app: Hono<AppEnv>, ctx: ServerContext): void => mountOtpRoutes(app, ctx, smsChannel)
