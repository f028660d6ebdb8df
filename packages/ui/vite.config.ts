import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :3000 in development; the dev server proxies /api to it.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@flowloom/source'] },
  server: { host: '127.0.0.1', port: 8080, proxy: { '/api': 'http://127.0.0.1:3000' } },
  preview: { host: '127.0.0.1' },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1200 },
});
