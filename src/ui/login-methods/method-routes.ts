/**
 * What a login method's UI is called in the modal: navigation and error routing read these names, and the method's
 * screens import those two, so the names live apart from the module that lazily loads the screens (method-ui.tsx).
 */
export interface LoginMethodRoutes<Entry extends string = string, MethodScreen extends string = string, Step extends string = string> {
  /** The method's name, as its folder in `src/core/auth/`. */
  name: string
  /** Whether a configured login method (a landing entry) is this method's row. */
  isEntry: (method: string) => method is Entry
  /** The modal screens the method owns. */
  screens: readonly MethodScreen[]
  /** The screen a link or update request for the method opens on; null for the landing (email's form is there). */
  requestScreen: MethodScreen | null
  /** The steps its actions report errors under. */
  errorSteps: readonly Step[]
  /** Whether its failures (access rejections apart) stay on its own screen as `inline-<step>` instead of the error screen. */
  errorsInline: boolean
}
