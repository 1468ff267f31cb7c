import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, prefetchStartupReads } from './app/app.tsx'
import { addressWithoutAssertion, parseLaunchParams, storeLaunchParams } from './features/startup/launch-params.ts'
import './app/global.css'

// zod compiles fast parsers with `new Function` unless told not to; the CSP allows no eval, and the probe
// alone is reported as a violation. Its global configuration is read from here when zod first loads.
;(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true }

// Launch parameters from a host app (token or assertion, redirect, type, enterpriseId, expand) are kept
// before the first screen; a single-use assertion leaves the address so a reload does not offer it again.
const launch = parseLaunchParams(window.location.search)
storeLaunchParams(launch)
if (launch.assertion) window.history.replaceState(window.history.state, '', addressWithoutAssertion(window.location.href))
prefetchStartupReads()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
