import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from '../web/precompress.ts'

// Served by the same server under /console (apps/server/src/web/console-routes.ts); in development Vite
// serves it on 5174 and the API runs on its own port (npm run dev -w apps/server).
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and antd's core are what every page runs first; the pro components, the charts and each
          // page come with the page that uses them.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
})
