import { NavBar } from 'antd-mobile'
import { matchRoutes } from 'react-router-dom'
import { specRoutes } from './routes.ts'

/** The spec's title of the screen at `pathname`, or none for an address the spec does not name. */
export function titleAt(pathname: string): string | undefined {
  return matchRoutes(specRoutes, pathname)?.at(-1)?.route.title
}

/**
 * What a screen opened by link shows while its code arrives (the router renders nothing until then): its
 * title bar, so the page paints with the first script instead of after the screen's chunks. The title bar
 * sits where the screen's own will, so nothing moves when it comes.
 */
export function RouteLoading() {
  return <NavBar backIcon={null}>{titleAt(window.location.pathname) ?? ''}</NavBar>
}
