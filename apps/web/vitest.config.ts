import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // jsdom renders of full pages (50 list rows, the editor) take seconds on a busy 2-core CI box.
    testTimeout: 20_000,
  },
});
