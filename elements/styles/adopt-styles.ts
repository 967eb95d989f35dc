import { builtCss } from './built-css.js'

let shared: CSSStyleSheet | null = null

/** One constructable sheet for every element instance on the page: parsed once, adopted many times. */
export function sharedStyleSheet(): CSSStyleSheet {
  if (!shared) {
    shared = new CSSStyleSheet()
    shared.replaceSync(builtCss())
  }
  return shared
}

/** Adopts the shared sheet, then this instance's own sheet (config theme and accent) after it. */
export function adoptStyles(root: ShadowRoot, instanceSheet: CSSStyleSheet): void {
  root.adoptedStyleSheets = [sharedStyleSheet(), instanceSheet]
}
