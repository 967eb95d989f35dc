import { builtCss } from './built-css.js'

/** Lazily loaded screens push their CSS here (scripts/build-config.mjs); the shared sheet takes it in as it comes. */
const cssQueueKey = Symbol.for('tessera.css')

let shared: CSSStyleSheet | null = null

/** One constructable sheet for every element instance on the page: parsed once, adopted many times. */
export function sharedStyleSheet(): CSSStyleSheet {
  if (!shared) {
    const sheet = (shared = new CSSStyleSheet())
    const queue: string[] = ((globalThis as Record<symbol, string[]>)[cssQueueKey] ??= [])
    let css = [builtCss(), ...queue].join('\n')
    sheet.replaceSync(css)
    // A screen's chunk that loads later adds its rules to the sheet every element already adopted.
    queue.push = (...more: string[]) => {
      css = [css, ...more].join('\n')
      sheet.replaceSync(css)
      return 0
    }
  }
  return shared
}

/** Adopts the shared sheet, then this instance's own sheet (config theme and accent) after it. */
export function adoptStyles(root: ShadowRoot, instanceSheet: CSSStyleSheet): void {
  root.adoptedStyleSheets = [sharedStyleSheet(), instanceSheet]
}
