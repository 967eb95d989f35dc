/// <reference types="vite/client" />
/**
 * The library CSS as text. scripts/build.mjs replaces the placeholder with the built stylesheet
 * and drops the .css file, so the bundle needs no stylesheet request.
 */

function devCss(): string {
  // Dev server and tests without a build: mirror the style tags Vite injects into the document.
  return [...document.querySelectorAll('style[data-vite-dev-id]')].map((tag) => tag.textContent).join('\n')
}

export function builtCss(): string {
  return import.meta.env.DEV ? devCss() : '__TESSERA_BUILT_CSS__'
}
