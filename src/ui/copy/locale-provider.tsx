import { Suspense, use, useMemo, type ReactNode } from 'react'
import * as styles from '../styles/modal.css.js'
import type { ResolvedLocale } from './locale.js'
import type { Messages } from './locale-table.js'
import { CopyLocaleContext } from './translator.js'

export interface LocaleProviderProps {
  /** BCP 47 tag ('es', 'es-MX', 'ar'...), default the page's `lang`; a language without a shipped table renders English. */
  locale?: string | undefined
  /** The host's own strings, over the locale's (a key it leaves out keeps the locale's, then English). */
  messages?: Messages | undefined
  children?: ReactNode
}

const isEnglish = (tag: string) => tag === '' || /^en(-|$)/i.test(tag)

const resolved = new Map<string, Promise<ResolvedLocale>>()

/** Any other language loads the locale logic and its table as chunks, once per page. */
function resolveOnce(tag: string): Promise<ResolvedLocale> {
  let locale = resolved.get(tag)
  if (!locale) {
    locale = import('./locale.js').then((module) => module.resolveLocale(tag))
    resolved.set(tag, locale)
  }
  return locale
}

function Localised({
  english,
  pending,
  messages,
  children,
}: {
  english: string
  pending: Promise<ResolvedLocale> | null
  messages: Messages | undefined
  children?: ReactNode
}) {
  const { locale, dir, strings } = pending ? use(pending) : { locale: english, dir: 'ltr', strings: undefined }
  const value = useMemo(() => ({ locale, strings: { ...strings, ...messages } }), [locale, strings, messages])
  return (
    <CopyLocaleContext.Provider value={value}>
      <div className={styles.localeRoot} lang={locale} dir={dir}>
        {children}
      </div>
    </CopyLocaleContext.Provider>
  )
}

/**
 * One element's language: its screens' `useT()` read this table, its subtree gets `lang` and `dir` (right-to-left
 * locales lay out mirrored). Renders nothing until a shipped table it needs has loaded, so no English flashes first.
 */
export function LocaleProvider({ locale, messages, children }: LocaleProviderProps) {
  const tag = locale ?? globalThis.document?.documentElement.lang ?? ''
  const pending = isEnglish(tag) ? null : resolveOnce(tag)
  return (
    <Suspense fallback={null}>
      <Localised english={tag || 'en'} pending={pending} messages={messages}>
        {children}
      </Localised>
    </Suspense>
  )
}
