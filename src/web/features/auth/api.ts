import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, SessionUser } from '../../../shared/auth';
import { apiRequest } from '../../api/client';
import { currentUserQuery } from '../../api/session';

// The session query moved to src/web/api so that features other than this one can read it; the screens
// that imported it from here still do.
export { currentUserQuery, useCurrentUser } from '../../api/session';

/**
 * Callbacks live on the mutation itself, not on mutate(): storing the user re-renders the auth page into
 * a redirect, and callbacks given to mutate() would be dropped with the unmounted form.
 */
export interface SignInCallbacks {
  onSuccess: (user: SessionUser) => void;
  onError: (error: Error) => void;
}

function useSignInMutation<TInput>(path: string, callbacks: SignInCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiRequest<SessionUser>('POST', path, input),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      // Whatever else is cached was fetched for the previous visitor. (clear() would also detach the
      // header's observer of the user query, so it would never see the new user.)
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0],
      });
      callbacks.onSuccess(user);
    },
    onError: callbacks.onError,
  });
}

const loginPaths = { user: '/api/login', admin: '/api/admin/login' } as const;
export type LoginKind = keyof typeof loginPaths;

export const useLogin = (kind: LoginKind, callbacks: SignInCallbacks) =>
  useSignInMutation<LoginInput>(loginPaths[kind], callbacks);
export const useRegister = (callbacks: SignInCallbacks) =>
  useSignInMutation<RegisterInput>('/api/register', callbacks);

/**
 * The sign-out call alone: useSignOut reloads the site afterwards, which is what drops the account's
 * data. Clearing the cache here instead made the still-mounted pages fetch their data again, signed
 * out, and log 401s in the moment before the reload.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/logout'),
  });
}
