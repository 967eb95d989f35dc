import { createHmac } from 'node:crypto'

/**
 * The widget URL with these query parameters, signed as MoonPay documents URL signing: HMAC-SHA256 of the query string
 * (from its '?', values URL-encoded) under the secret key, base64, appended as the last parameter `signature`.
 */
export function signWidgetUrl(widgetUrl: string, params: [name: string, value: string][], secretKey: string): string {
  const url = new URL(widgetUrl)
  url.search = new URLSearchParams(params).toString()
  const signature = createHmac('sha256', secretKey).update(url.search).digest('base64')
  url.searchParams.append('signature', signature)
  return url.toString()
}
