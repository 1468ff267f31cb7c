import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { parseLaunchParams, storeLaunchParams } from './features/startup/launch-params.ts'
import './app/global.css'

// Launch parameters from a host app (token, redirect, type, enterpriseId, expand) are kept before the first screen.
storeLaunchParams(parseLaunchParams(window.location.search))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
