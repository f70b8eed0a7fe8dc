import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// The console is built into core/static, which the server serves at /.
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.resolve(root, '../core/static'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    reportCompressedSize: true,
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
