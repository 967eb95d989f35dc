/**
 * Which shipped table an element's `locale` uses, which way it writes, and the table itself. Loaded (with the table) only
 * for a locale other than English, so an English page carries none of it.
 */
import type { LocaleTable } from './locale-table.js'

// One chunk per locale: an English page loads none of them.
const loaders = {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  ja: () => import('./locales/ja.js'),
  ar: () => import('./locales/ar.js'),
} satisfies Record<string, () => Promise<{ default: LocaleTable }>>

export type ShippedLocale = keyof typeof loaders
export const shippedLocales = Object.keys(loaders) as ShippedLocale[]

/** The canonical tag for `requested` ('es-mx' → 'es-MX'), or English for a missing or malformed one. */
export function canonicalLocale(requested: string | undefined): string {
  if (!requested) return 'en'
  try {
    return new Intl.Locale(requested).toString()
  } catch {
    return 'en'
  }
}

/** The shipped table for a tag: its language ('es-MX' → 'es'); null for English and for languages not shipped. */
export function shippedLocaleFor(locale: string): ShippedLocale | null {
  const language = new Intl.Locale(locale).language
  return language in loaders ? (language as ShippedLocale) : null
}

// Scripts written right to left, for engines without `Intl.Locale#getTextInfo`.
const rightToLeftLanguages = new Set(['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi'])

type TextInfo = { direction?: 'ltr' | 'rtl' }
type LocaleWithTextInfo = Intl.Locale & { getTextInfo?(): TextInfo; textInfo?: TextInfo }

/** 'rtl' for a locale written right to left (Arabic, Hebrew, Persian...), else 'ltr'. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const parsed = new Intl.Locale(locale) as LocaleWithTextInfo
  const direction = parsed.getTextInfo?.().direction ?? parsed.textInfo?.direction
  if (direction) return direction
  return rightToLeftLanguages.has(parsed.language) ? 'rtl' : 'ltr'
}

const loaded = new Map<ShippedLocale, Promise<LocaleTable>>()

/** The shipped table, fetched once per page. */
export function loadLocaleTable(locale: ShippedLocale): Promise<LocaleTable> {
  let table = loaded.get(locale)
  if (!table) {
    table = loaders[locale]().then((module) => module.default)
    loaded.set(locale, table)
  }
  return table
}

export interface ResolvedLocale {
  locale: string
  dir: 'ltr' | 'rtl'
  strings: Partial<LocaleTable>
}

/** The canonical tag, its direction and its shipped strings (none for a language without a table). */
export async function resolveLocale(requested: string): Promise<ResolvedLocale> {
  const locale = canonicalLocale(requested)
  const shipped = shippedLocaleFor(locale)
  return { locale, dir: textDirection(locale), strings: shipped ? await loadLocaleTable(shipped) : {} }
}
