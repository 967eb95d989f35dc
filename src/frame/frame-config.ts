/**
 * The server writes `<script type="application/json" id="tessera-frame-config">` into the page: the app, its allowed
 * origins, the Google Drive API the frame may call (also in its CSP) when the app offers Drive backups, and whether
 * the app's new wallets are server-managed (`embedded_wallets_mode`).
 */
export const FRAME_CONFIG_ELEMENT_ID = 'tessera-frame-config'

export interface FrameConfig {
  appId: string
  allowedOrigins: string[]
  googleDriveApiUrl: string | null
  serverWalletsOnly: boolean
}

/** Null when the block is missing or malformed: the frame then does not start. */
export function parseFrameConfig(text: string | null | undefined): FrameConfig | null {
  try {
    const {
      app_id: appId,
      allowed_origins: allowedOrigins,
      google_drive_api_url: googleDriveApiUrl,
      embedded_wallets_mode: mode,
    } = JSON.parse(text ?? '') as Record<string, unknown>
    if (typeof appId !== 'string' || appId.length === 0) return null
    if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((origin) => typeof origin === 'string')) return null
    return {
      appId,
      allowedOrigins,
      googleDriveApiUrl: typeof googleDriveApiUrl === 'string' ? googleDriveApiUrl : null,
      serverWalletsOnly: mode === 'user-controlled-server-wallets-only',
    }
  } catch {
    return null
  }
}
