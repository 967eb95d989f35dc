/**
 * Telegram: the flow loads with its first call or a widget redirect return; once the client is ready it finishes such
 * a return, else signs in from a Mini App's `initData` when seamless sign-in is on.
 */
import type { TelegramApi, TelegramFlowState } from './types.js'
import { lazily } from '../../utils/lazily.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod, signInNames } from '../login-method.js'
import { landingFlags } from '../login-method-config.js'
import { telegramConfig, type TelegramConfigFields } from './config.js'
import { initialTelegramFlowState, lazyTelegram, TELEGRAM_OAUTH_URL } from './telegram.js'

const pageWindow = () => (typeof window === 'undefined' ? null : window)

export const telegramMethod = defineLoginMethod<'telegram', TelegramApi, TelegramConfigFields>({
  name: 'telegram',
  isSignInName: signInNames('telegram'),
  landing: landingFlags({ telegram: (dto) => dto.telegram_auth }),
  transfer: { linkMethods: ['telegram'], load: () => import('./api.js') },
  accountKey: { of: (account, method) => (method === 'telegram' && account.type === 'telegram' ? account.telegramUserId : null) },
  config: telegramConfig,
  accounts: {
    map: {
      telegram: (dto) => ({
        type: 'telegram',
        telegramUserId: dto.telegram_user_id,
        firstName: dto.first_name ?? null,
        lastName: dto.last_name ?? null,
        username: dto.username ?? null,
        photoUrl: dto.photo_url ?? null,
      }),
    },
    slots: { telegram: 'telegram' },
  },
  create(deps) {
    const state = createStore<TelegramFlowState>(initialTelegramFlowState)
    const { appId, transport, isAuthenticated, accountChanges, config } = deps
    const flow = lazily(() =>
      import('./flow.js').then(({ createTelegramFlow }) =>
        createTelegramFlow({
          appId,
          state,
          transport,
          isAuthenticated,
          accountChanges,
          getTelegramConfig: () => config.get().config.telegram,
          authenticate: (login) => deps.authenticate('telegram', login),
          window: pageWindow,
          widgetHost: deps.options.telegramOAuthUrl ?? TELEGRAM_OAUTH_URL,
        }),
      ),
    )
    const telegram = lazyTelegram(flow, {
      window: pageWindow,
      configured: () => config.get().config.telegram !== null,
      seamlessEnabled: () => config.get().config.telegram?.seamlessAuthEnabled ?? false,
      isAuthenticated,
    })
    return {
      api: { getState: state.get, watchState: state.watch, ...telegram.member },
      afterReady: async () => (await telegram.handleReturn()) ?? (await telegram.seamlessSignIn()),
      destroy() {
        telegram.member.reset()
        state.clear()
      },
    }
  },
})
