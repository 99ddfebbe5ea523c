import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetApiClientForTests } from '../lib/api-client.ts';
import { activeChannelStore } from '../lib/channels/active-channel.ts';
import { syncTracker } from '../lib/channels/channel-sync.ts';
import { aiHandlers, resetAiApi } from './ai-server.ts';
import { billingHandlers, resetBillingApi } from './billing-server.ts';
import { resetApi, server } from './server.ts';
import { installMatchMedia, resetViewport } from './viewport.ts';

installMatchMedia();
// Whole-app tests load several lazy chunks on first use; 1 s is too tight on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetApi();
  resetAiApi();
  resetBillingApi();
  // Before each test's own handlers (server.use prepends): a test's override answers first.
  server.use(...aiHandlers, ...billingHandlers);
  resetViewport();
  localStorage.clear();
  resetApiClientForTests();
  activeChannelStore.resetForTests();
  syncTracker.resetForTests();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
