/**
 * `tessera/elements/jsx`: the elements in React 19's JSX (`<auth-modal app-id="…" onloginsuccess={…} />`). React 19
 * sets object props (`config`) as properties and listens to `on<event>` props; import it once: `import type {} from
 * 'tessera/elements/jsx'`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { EventListenerProps, TemplateProps, TesseraTags } from './element-types.js'

type ReactElementProps<Tag extends keyof TesseraTags> = DetailedHTMLProps<HTMLAttributes<TesseraTags[Tag]['element']>, TesseraTags[Tag]['element']> &
  TemplateProps<TesseraTags[Tag]['definition']> &
  EventListenerProps<TesseraTags[Tag]['definition'], 'as-is'>

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'auth-modal': ReactElementProps<'auth-modal'>
      'confirm-tx': ReactElementProps<'confirm-tx'>
      'fund-wallet': ReactElementProps<'fund-wallet'>
    }
  }
}
