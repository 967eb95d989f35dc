// Issue 15 (accessibility): axe-core over every screen the modal routes to, in light and in dark, with the built
// styles (so color-contrast judges what users see). The screens come from the navigation's own lists, so a new screen
// without a visit in screen-walk.js fails here rather than going unchecked.
import { assertEqual, mountedHosts } from './browser-assertions.js'
import { allScreens, assertScreenAccessible, openScreen, visits } from './screen-walk.js'

const { newHost, track } = mountedHosts()

describe('accessibility walk: every screen of <auth-modal>', () => {
  it('has a visit for every screen the modal routes to, and none for a screen it does not', () => {
    assertEqual(allScreens.filter((screen) => !(screen in visits)), [], 'screens without a visit')
    assertEqual(Object.keys(visits).filter((screen) => !allScreens.includes(screen)), [], 'visits of unknown screens')
  })

  for (const screen of allScreens)
    it(`${screen}: no axe violations in light and dark`, async () => {
      const host = newHost()
      const view = await openScreen(host, screen)
      track(view.root, host)
      try {
        await assertScreenAccessible(view, screen, 'light')
        await assertScreenAccessible(view, screen, 'dark')
      } finally {
        view.release()
      }
    })
})
