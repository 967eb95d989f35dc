import type { ComponentType, ReactNode } from 'react'
import type { TesseraClient } from '../../core/index.js'
import type { CopyKey } from '../copy/en.js'
import type { LoginMethodName } from '../landing/method-kind.js'
import type { LandingMethod } from './route-list.js'
import type { LoginMethodRoutes } from './method-routes.js'

/** What every landing row is given besides its entry. */
export interface LandingRowProps {
  recent: LoginMethodName | null
  /** The wallet row's label (the legacy layout's wallet shortcut words it by the login group priority). */
  walletLabel: CopyKey
}

/** A login method's UI as the modal uses it: its landing row, its (lazily loaded) screens, its reset on close. */
export interface LoginMethodUi {
  routes: LoginMethodRoutes
  /** The landing row for `method`, or null when `method` is not this method's entry. */
  row(method: LandingMethod, props: LandingRowProps): ReactNode
  /** The screen for `screen`, or null when the method does not own it. */
  screen(screen: string): ReactNode
  /** Resets the method's client flow when the modal closes. */
  reset(client: TesseraClient): void
}

const owns = <Name extends string>(names: readonly Name[], name: string): name is Name => (names as readonly string[]).includes(name)

/** A method's module from its routes, its row for one of its entries, its screens (one mounted component per method) and its reset. */
export function defineLoginMethodUi<Entry extends string, MethodScreen extends string>(parts: {
  routes: LoginMethodRoutes<Entry, MethodScreen>
  Row: ComponentType<LandingRowProps & { method: Entry }>
  Screens: ComponentType<{ screen: MethodScreen }>
  reset(client: TesseraClient): void
}): LoginMethodUi {
  const { routes, Row, Screens, reset } = parts
  return {
    routes,
    row: (method, props) => (routes.isEntry(method) ? <Row key={routes.name} method={method} {...props} /> : null),
    screen: (screen) => (owns(routes.screens, screen) ? <Screens key={routes.name} screen={screen} /> : null),
    reset,
  }
}
