import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../shared/answers';
import { apiRequest } from './client';

export const logout = () => apiRequest<MessageAnswer>('POST', '/api/logout');

/**
 * The sign-out call alone: useSignOut (src/web/lib) reloads the site afterwards, which is what drops
 * the account's data. Clearing the cache here instead made the still-mounted pages fetch their data
 * again, signed out, and log 401s in the moment before the reload.
 */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
