import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './precompress.ts'

// In development the API runs on its own port (npm run dev -w apps/server); `npm start` serves both on 8080.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/runtime-config.js': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every screen runs before its own code, as one file: a request and its headers each
          // cost a phone more than the few bytes a screen that needs only part of it would save.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
})
