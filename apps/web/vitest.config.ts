import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractRoutesPlugin } from './build-tools/contract-routes-plugin.ts';

export default defineProject({
  plugins: [react(), contractRoutesPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
