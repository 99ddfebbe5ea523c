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
    // jsdom renders of full pages (50 list rows, the editor) take seconds on a busy 2-core CI box.
    testTimeout: 20_000,
  },
});
