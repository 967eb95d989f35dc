// Issue 15 (accessibility): axe-core over every screen the modal routes to, in light and in dark, with the built
// styles (so color-contrast judges what users see), and each screen takes the focus from the page as it opens. The
// screens come from the navigation's own lists, so a new screen without a visit in screen-walk.js fails here rather
// than going unchecked.
import { assertEqual, mountedHosts, waitFor } from './browser-assertions.js'
import { allScreens, assertScreenAccessible, openScreen, variants, visits } from './screen-walk.js'

const { newHost, track } = mountedHosts()

describe('accessibility walk: every screen of <auth-modal>', () => {
  it('has a visit for every screen the modal routes to, and none for a screen it does not', () => {
    assertEqual(
      allScreens.filter((screen) => !(screen in visits)),
      [],
      'screens without a visit',
    )
    assertEqual(
      Object.keys(visits).filter((screen) => !allScreens.includes(screen)),
      [],
      'visits of unknown screens',
    )
  })

  for (const screen of [...allScreens, ...Object.keys(variants)])
    it(`${screen}: takes the focus; no axe violations in light and dark`, async () => {
      // The page holds the focus when the modal opens (a request from the app, or the button that opened it).
      const opener = document.createElement('button')
      document.body.append(opener)
      opener.focus()
      const host = newHost()
      const view = await openScreen(host, screen).finally(() => opener.remove())
      track(view.root, host)
      try {
        const dialog = view.shadow.querySelector('[part="dialog"]')
        await waitFor(
          () => dialog.contains(view.shadow.activeElement),
          `the focus in '${screen}' (on ${view.shadow.activeElement?.localName ?? document.activeElement?.localName})`,
        )
        await assertScreenAccessible(view, screen, 'light')
        await assertScreenAccessible(view, screen, 'dark')
      } finally {
        view.release()
      }
    })
})
