import { lazy } from 'react'
import { useT } from '../../copy/en.js'
import { TelegramIcon } from '../../icons/method-icons.js'
import { LoginMethodButton } from '../../primitives/login-method-button.js'
import { defineLoginMethodUi, type LandingRowProps } from '../method-ui.js'
import { telegramRoutes } from './routes.js'
import { useStartTelegram } from './telegram-start.js'

const TelegramStatus = lazy(() => import('./telegram-status.js'))

function TelegramRow({ recent }: LandingRowProps) {
  const t = useT()
  const startTelegram = useStartTelegram()
  return (
    <LoginMethodButton
      part="method-button telegram-button"
      icon={<TelegramIcon />}
      label={t('landing.telegram')}
      recent={recent === 'telegram'}
      onClick={() => startTelegram('login')}
    />
  )
}

/** Telegram: its row starts the widget's popup, then the status screen. */
export const telegramUi = defineLoginMethodUi({
  routes: telegramRoutes,
  Row: TelegramRow,
  Screens: () => <TelegramStatus />,
  reset: (client) => client.auth.telegram.reset(),
})
