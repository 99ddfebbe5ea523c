import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/recommendations',
      'apps/api',
      'apps/emulator',
      'apps/web',
      'tools',
    ],
  },
});
