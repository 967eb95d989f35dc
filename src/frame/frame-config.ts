/** The server writes `<script type="application/json" id="tessera-frame-config">` into the page: the app and its allowed origins. */
export const FRAME_CONFIG_ELEMENT_ID = 'tessera-frame-config'

export interface FrameConfig { appId: string; allowedOrigins: string[] }

/** Null when the block is missing or malformed: the frame then does not start. */
export function parseFrameConfig(text: string | null | undefined): FrameConfig | null {
  try {
    const { app_id: appId, allowed_origins: allowedOrigins } = JSON.parse(text ?? '') as Record<string, unknown>
    if (typeof appId !== 'string' || appId.length === 0) return null
    if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((origin) => typeof origin === 'string')) return null
    return { appId, allowedOrigins }
  } catch {
    return null
  }
}
