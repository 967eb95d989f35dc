import { base64 } from '@scure/base'
import { canonicalAuthorizationRequest, type AuthorizationRequest } from '../../../../protocol/index.js'
import type { EmbeddedWalletsContext } from '../state.js'
import { callFrameOnce } from './frame-call.js'

/** The user's signature over a wallet API request, from the user signer the frame holds. */
export const generateAuthorizationSignature = (context: EmbeddedWalletsContext, request: AuthorizationRequest) =>
  callFrameOnce(context, 'user-signer:sign', { message: base64.encode(new TextEncoder().encode(canonicalAuthorizationRequest(request))) })
