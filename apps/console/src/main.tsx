import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { warmUp } from './app/warm-up.ts'
import './app/global.css'

warmUp(location.pathname.replace(/^\/console(?=\/|$)/, '') || '/')

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
