import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// In development the API runs on its own port (npm run dev -w apps/server); `npm start` serves both on 8080.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/runtime-config.js': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
})
