/** Fills a wallet's deep-link template (`WalletOption.deepLink`) with the page to open in the wallet's app. */
export function walletDeepLink(template: string, page: { href: string; origin: string }): string {
  return template
    .replaceAll('{url}', encodeURIComponent(page.href))
    .replaceAll('{page}', page.href.replace(/^https?:\/\//, ''))
    .replaceAll('{origin}', encodeURIComponent(page.origin))
}

/** Leaves for the wallet's app in this tab (a universal link opens the app, or its web page when it is missing). */
export const openDeepLink = (url: string): void => void globalThis.open(url, '_self')
