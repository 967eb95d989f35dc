import type { Messages } from '../../src/ui/copy/locale-table.js'
import { typed, type ThemeChoice } from '../definition-format.js'

/** The attributes and properties every element has: the app, the server, the theme and the language. */
export const appIdAttribute = {
  name: 'app-id',
  property: 'appId',
  kind: 'string',
  type: typed<string>('string'),
  description: 'The app id (25 characters)',
  required: true,
} as const
export const apiUrlAttribute = {
  name: 'api-url',
  property: 'apiUrl',
  kind: 'string',
  type: typed<string>('string'),
  description: 'The API server; default the hosted one',
} as const
export const themeAttribute = {
  name: 'theme',
  property: 'theme',
  kind: 'string',
  type: typed<ThemeChoice>("'light' | 'dark' | 'auto'"),
  description: "Colour theme; 'auto' follows the page's prefers-color-scheme",
} as const
export const localeAttribute = {
  name: 'locale',
  property: 'locale',
  kind: 'string',
  type: typed<string>('string'),
  description: "The language of every text (BCP 47, e.g. 'es', 'pt-BR'); default the page's",
} as const
export const messagesProperty = {
  name: 'messages',
  type: typed<Messages>('Messages'),
  description: "Texts by copy key, over the locale's (a missing key falls back to English)",
} as const
export const bubblingNote = 'All bubble and cross the shadow root'
