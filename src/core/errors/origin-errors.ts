/** A page whose origin the app does not allow (issue 15): the browser hides the refused preflight, the origin check tells. */
import { TesseraError } from './base-error.js'

/** `invalid_origin` naming the page's origin and how the app's owner allows it; `data.origin` carries it for the UI. */
export const originNotAllowedError = (origin: string, appId: string, cause?: unknown) =>
  new TesseraError({
    code: 'invalid_origin',
    shortMessage: `This page's origin ${origin} is not allowed for this app`,
    details: `add it to the app's allowed origins: tessera-server apps update ${appId} --add-origin ${origin} (with npm start: TESSERA_ALLOWED_ORIGINS=${origin})`,
    status: 403,
    data: { origin, app_id: appId },
    cause,
  })
