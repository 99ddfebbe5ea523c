import type { ResponseOf } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';

// Its own module, not inbox.ts: the public unsubscribe page then loads no React Query mutation
// code (and with it the shared form chunk), staying within the sign-in pages' budget.

/** Stops the weekly ideas e-mail named by an unsubscribe link's token (no sign-in needed). */
export function unsubscribeWeeklyIdeas(
  token: string,
): Promise<ResponseOf<'unsubscribeWeeklyIdeas'>> {
  return apiRequest('unsubscribeWeeklyIdeas', { body: { token } });
}
