import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the session token is still valid; never refreshes, times out after 10 s. */
export function checkToken() {
  return apiRequest('checkToken');
}
