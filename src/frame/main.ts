/** The wallet frame's entry: starts only inside an allowed parent page, then answers its messages (src/frame/README.md "Security rules"). */
import { httpFrameApi } from './api.js'
import { indexedDbDeviceShareStore } from './device-store.js'
import { fallbackDeviceShareStore } from './fallback-device-store.js'
import { FRAME_CONFIG_ELEMENT_ID, parseFrameConfig } from './frame-config.js'
import { frameHandlers } from './handlers/index.js'
import { listenToParent, type FrameWindow } from './listener.js'
import { memoryDeviceShareStore } from './memory-device-store.js'
import { referenceDialect } from './reference/answer.js'
import { trustedParentOrigin } from './parent-origin.js'
import { googleDriveKeyStore } from './recovery/google-drive.js'
import { httpServerWalletApi } from './server-wallets/api.js'
import { serverWalletContext } from './server-wallets/authorized-rpc.js'
import { indexedDbUserSignerKeyStore, userSigner } from './server-wallets/user-signer.js'

const config = parseFrameConfig(document.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent)
const parentOrigin =
  config &&
  trustedParentOrigin({ isTopWindow: window.parent === window, ancestorOrigins: location.ancestorOrigins, referrer: document.referrer }, config.allowedOrigins)

if (config && parentOrigin) {
  const apiOptions = { appId: config.appId, clientId: new URLSearchParams(location.search).get('client_id') }
  const api = httpFrameApi(apiOptions)
  const serverWallets = serverWalletContext(
    httpServerWalletApi({ ...apiOptions, origin: location.origin }),
    userSigner(config.appId, indexedDbUserSignerKeyStore()),
  )
  const deviceShares = fallbackDeviceShareStore(indexedDbDeviceShareStore(), memoryDeviceShareStore(), () =>
    console.warn('Tessera wallet frame: the browser refuses this frame storage; wallets will be recovered after a reload'),
  )
  const cloudKeys = config.googleDriveApiUrl ? googleDriveKeyStore(config.googleDriveApiUrl) : undefined
  const context = { appId: config.appId, api, deviceShares, serverWallets, serverWalletsOnly: config.serverWalletsOnly, ...(cloudKeys && { cloudKeys }) }
  const handlers = frameHandlers(context)
  listenToParent(window as unknown as FrameWindow, parentOrigin, handlers, referenceDialect(context, handlers))
} else {
  // No listener and no ready message: a page that may not embed the frame gets nothing from it.
  console.warn('Tessera wallet frame: not started (not embedded by an allowed origin, or no configuration)')
}
