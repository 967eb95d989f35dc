/**
 * `tessera/elements/svelte`: the elements in Svelte 5 markup for `svelte-check` (`<auth-modal app-id="…"
 * onloginsuccess={…}>`). Import it once: `import type {} from 'tessera/elements/svelte'`.
 */
import type { HTMLAttributes } from 'svelte/elements'
import type { EventListenerProps, TemplateProps, TesseraTags } from './element-types.js'

type SvelteElementProps<Tag extends keyof TesseraTags> = HTMLAttributes<TesseraTags[Tag]['element']> &
  TemplateProps<TesseraTags[Tag]['definition']> &
  EventListenerProps<TesseraTags[Tag]['definition'], 'as-is'>

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'auth-modal': SvelteElementProps<'auth-modal'>
    'confirm-tx': SvelteElementProps<'confirm-tx'>
    'fund-wallet': SvelteElementProps<'fund-wallet'>
  }
}
