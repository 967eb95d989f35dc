/** Telegram. */
import { post } from './route.js'

export const telegramAuthenticateRoute = post('/api/v1/telegram/authenticate')
export const telegramLinkRoute = post('/api/v1/telegram/link')
export const telegramUnlinkRoute = post('/api/v1/telegram/unlink')
export const telegramTransferRoute = post('/api/v1/telegram/transfer')
