/** OAuth providers: the flow's requests load with the first start; a redirect return finishes once the client is ready. */
import type { OAuthApi, OAuthFlowState } from './types.js'
import { type AppConfigDto, type OAuthProvider, oauthAccountType, oauthProviders } from '../../../protocol/index.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod } from '../login-method.js'
import { landingFlags } from '../login-method-config.js'
import { createOAuthFlow, initialOAuthFlowState } from './flow.js'

const isOAuthProvider = (value: string): value is OAuthProvider => (oauthProviders as readonly string[]).includes(value)
/** Each provider's landing entry is enabled by its `<provider>_oauth` flag. */
const providerFlags = Object.fromEntries(oauthProviders.map((provider) => [provider, (dto: AppConfigDto) => dto[oauthAccountType(provider)]])) as Record<
  OAuthProvider,
  (dto: AppConfigDto) => boolean
>

export const oauthMethod = defineLoginMethod<'oauth', OAuthApi>({
  name: 'oauth',
  isSignInName: isOAuthProvider,
  landing: landingFlags(providerFlags),
  transfer: { linkMethods: oauthProviders, load: () => import('./api.js') },
  accountKey: {
    of: (account, method) => (isOAuthProvider(method) && account.type === oauthAccountType(method) && 'subject' in account ? account.subject : null),
  },
  accounts: {
    map: {
      google_oauth: (dto) => ({ type: 'google_oauth', subject: dto.subject, email: dto.email ?? null, name: dto.name ?? null }),
      spotify_oauth: (dto) => ({ type: 'spotify_oauth', subject: dto.subject, email: dto.email ?? null, name: dto.name ?? null }),
      apple_oauth: (dto) => ({ type: 'apple_oauth', subject: dto.subject, email: dto.email ?? null }),
      instagram_oauth: (dto) => ({ type: 'instagram_oauth', subject: dto.subject, username: dto.username ?? null }),
      twitter_oauth: (dto) => ({
        type: 'twitter_oauth',
        subject: dto.subject,
        username: dto.username ?? null,
        name: dto.name ?? null,
        profilePictureUrl: dto.profile_picture_url ?? null,
      }),
      discord_oauth: (dto) => ({ type: 'discord_oauth', subject: dto.subject, username: dto.username ?? null, email: dto.email ?? null }),
      github_oauth: (dto) => ({ type: 'github_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null, email: dto.email ?? null }),
      tiktok_oauth: (dto) => ({ type: 'tiktok_oauth', subject: dto.subject, username: dto.username ?? null, name: dto.name ?? null }),
      line_oauth: (dto) => ({
        type: 'line_oauth',
        subject: dto.subject,
        name: dto.name ?? null,
        email: dto.email ?? null,
        profilePictureUrl: dto.profile_picture_url ?? null,
      }),
      linkedin_oauth: (dto) => ({
        type: 'linkedin_oauth',
        subject: dto.subject,
        name: dto.name ?? null,
        email: dto.email ?? null,
        vanityName: dto.vanity_name ?? null,
      }),
    },
    slots: {
      google_oauth: 'google',
      twitter_oauth: 'twitter',
      discord_oauth: 'discord',
      github_oauth: 'github',
      spotify_oauth: 'spotify',
      instagram_oauth: 'instagram',
      tiktok_oauth: 'tiktok',
      line_oauth: 'line',
      linkedin_oauth: 'linkedin',
      apple_oauth: 'apple',
    },
  },
  create(deps) {
    const state = createStore<OAuthFlowState>(initialOAuthFlowState)
    const { appId, transport, isAuthenticated, authenticate, accountChanges, sendAnalyticsEvent } = deps
    const flow = createOAuthFlow({ appId, state, transport, isAuthenticated, authenticate, accountChanges, sendAnalyticsEvent })
    return {
      api: { getState: state.get, watchState: state.watch, ...flow },
      // Finishes a redirect (or hands a popup's return to its opener); a failure is kept in the state.
      afterReady: () => flow.handleReturn(),
      destroy() {
        flow.reset()
        state.clear()
      },
    }
  },
})
