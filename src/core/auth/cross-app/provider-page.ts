/**
 * The provider app's side (its own page, opened as the requester's popup): name the requester, then
 * answer the opener with a code for the signed-in user, or with a rejection; on its transact page, carry out a
 * wallet request with the user's embedded wallet. Messages go to the requester's origin only, which the server
 * checked against the requester app's allowed origins.
 */
import { crossAppMessageTypes } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { CrossAppActions, CrossAppAuthorizationRequest, CrossAppFlowOptions, CrossAppRequester, CrossAppTransactRequest } from './types.js'
import { providerErrorCode, providerErrorCodes } from '../../wallets/ethereum/eip1193.js'
import type { OAuthWindow } from '../oauth/browser-window.js'
import { randomOAuthSecret } from '../oauth/pkce.js'
import { authorizeCrossApp, checkCrossAppTransactRequester, getCrossAppRequester } from './api.js'
import { CROSS_APP_NO_TOKEN_MESSAGE, CROSS_APP_READ_ONLY_MESSAGE, CROSS_APP_REJECTED_MESSAGE } from './errors.js'
import { ensureProviderWallet, runProviderWalletRequest } from './provider-wallet.js'
import { createCrossAppTokenStore } from './token-store.js'
import { readTransactRequest } from './transact-request.js'

/** The requester's window, or null when this page was not opened by one (or it went away). */
function openerOf(win: OAuthWindow): OAuthWindow | null {
  const opener = win.opener as OAuthWindow | null
  return opener && opener !== win ? opener : null
}

/** Tells the opener, at `origin` only (a malformed one throws: nobody to tell, the opener sees the popup close). */
function answerOpener(win: OAuthWindow, message: Record<string, unknown>, origin: string): void {
  try {
    openerOf(win)?.postMessage(message, origin)
  } catch {
    // The requester still sees its popup close, which is a rejection.
  }
  win.close()
}

export type ProviderPage = ReturnType<typeof createProviderPage>

/** What the requester hears when the wallet failed: a declined confirmation is a rejection. */
function walletFailureMessage(error: unknown): string {
  if (providerErrorCode(error) === providerErrorCodes.userRejected) return CROSS_APP_REJECTED_MESSAGE
  return TesseraError.is(error) ? error.shortMessage : error instanceof Error ? error.message : String(error)
}

type ProviderPageOptions = Pick<CrossAppFlowOptions, 'transport' | 'storage' | 'appId' | 'getUser' | 'embeddedWallets'>

/** What the page's answers share: its options, its window, the tokens it granted, and the user's wallet. */
interface ProviderPageRuntime {
  options: ProviderPageOptions
  requireWindow(): OAuthWindow
  /** The token each requester got at consent: a transact request must bring it back. */
  grants: ReturnType<typeof createCrossAppTokenStore>
  wallet: { wallets: ProviderPageOptions['embeddedWallets']; getUser: ProviderPageOptions['getUser'] }
}

async function getRequester({ options }: ProviderPageRuntime, request: { requesterAppId: string }): Promise<CrossAppRequester> {
  const dto = await getCrossAppRequester(options.transport, request.requesterAppId)
  return { appId: dto.app_id, name: dto.name, iconUrl: dto.icon_url, readOnly: dto.read_only }
}

function signedInUser({ options }: ProviderPageRuntime): string {
  const userId = options.getUser()?.id
  if (!userId) throw mustBeAuthenticatedError()
  return userId
}

async function approve(runtime: ProviderPageRuntime, request: CrossAppAuthorizationRequest): Promise<void> {
  const win = runtime.requireWindow()
  const userId = signedInUser(runtime)
  const requester = await getRequester(runtime, request)
  // Before the code: the server writes the user's wallets into the cross-app account as of this consent.
  if (!requester.readOnly) await ensureProviderWallet(runtime.wallet)
  const answer = await authorizeCrossApp(runtime.options.transport, {
    requester_app_id: request.requesterAppId,
    requester_origin: request.requesterOrigin,
    state_code: request.stateCode,
    code_challenge: request.codeChallenge,
  })
  // Wallet spec, "States and transitions": a requester that may transact gets a token for it; a read-only one has any earlier token withdrawn.
  const tokenAction = requester.readOnly ? { action: 'clear' as const } : { action: 'set' as const, token: randomOAuthSecret() }
  await runtime.grants.apply(userId, request.requesterAppId, tokenAction)
  answerOpener(
    win,
    {
      type: crossAppMessageTypes.response,
      state_code: request.stateCode,
      authorization_code: answer.authorization_code,
      token_action: tokenAction,
    },
    answer.requester_origin,
  )
}

/** The wallet's answer to an approved request: its result, or why it failed. */
async function walletAnswer(runtime: ProviderPageRuntime, request: CrossAppTransactRequest, uiOptions?: { showWalletUIs?: boolean }) {
  try {
    return { type: crossAppMessageTypes.actionResponse, result: await runProviderWalletRequest(runtime.wallet, request.request, uiOptions) }
  } catch (error) {
    return { type: crossAppMessageTypes.actionError, error: walletFailureMessage(error) }
  }
}

/**
 * The signed-in provider user approved a wallet request. Without the token this page gave the requester (another
 * user, a withdrawn or never-given token) the answer clears it; else the user's wallet carries it out.
 */
async function approveTransact(
  runtime: ProviderPageRuntime,
  request: CrossAppTransactRequest,
  options: { uiOptions?: { showWalletUIs?: boolean } } = {},
): Promise<void> {
  const win = runtime.requireWindow()
  const userId = signedInUser(runtime)
  // The request (and its origin) came in this page's address: the server confirms the origin is the requester's.
  const requester = await checkCrossAppTransactRequester(runtime.options.transport, {
    requester_app_id: request.requesterAppId,
    requester_origin: request.requesterOrigin,
  })
  const granted = await runtime.grants.get(userId, request.requesterAppId)
  const clear = { type: crossAppMessageTypes.actionError, token_action: { action: 'clear' } }
  const answer = requester.read_only
    ? { ...clear, error: CROSS_APP_READ_ONLY_MESSAGE }
    : granted !== request.token
      ? { ...clear, error: CROSS_APP_NO_TOKEN_MESSAGE }
      : await walletAnswer(runtime, request, options.uiOptions)
  answerOpener(win, { ...answer, state_code: request.stateCode }, request.requesterOrigin)
}

/** The provider page's side of `client.crossApp`, in its window (`requireWindow` throws without one). */
export function createProviderPage(options: ProviderPageOptions, requireWindow: () => OAuthWindow) {
  const runtime: ProviderPageRuntime = {
    options,
    requireWindow,
    grants: createCrossAppTokenStore(options.storage, options.appId, 'grant'),
    wallet: { wallets: options.embeddedWallets, getUser: options.getUser },
  }
  return {
    getRequester: (request: { requesterAppId: string }) => getRequester(runtime, request),
    approve: (request: CrossAppAuthorizationRequest) => approve(runtime, request),
    async deny(request: CrossAppAuthorizationRequest): Promise<void> {
      answerOpener(requireWindow(), { type: crossAppMessageTypes.error, error: CROSS_APP_REJECTED_MESSAGE }, request.requesterOrigin)
    },
    readTransactRequest: async () => readTransactRequest(requireWindow().location.hash),
    approveTransact: (request: CrossAppTransactRequest, transactOptions?: { uiOptions?: { showWalletUIs?: boolean } }) =>
      approveTransact(runtime, request, transactOptions),
    async denyTransact(request: CrossAppTransactRequest): Promise<void> {
      answerOpener(
        requireWindow(),
        { type: crossAppMessageTypes.actionError, state_code: request.stateCode, error: CROSS_APP_REJECTED_MESSAGE },
        request.requesterOrigin,
      )
    },
  } satisfies Partial<CrossAppActions>
}
