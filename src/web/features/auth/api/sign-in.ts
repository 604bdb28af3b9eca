import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/auth';
import { currentUserQuery } from '../../../api/session';

/**
 * Callbacks live on the mutation itself, not on mutate(): storing the user re-renders the auth page into
 * a redirect, and callbacks given to mutate() would be dropped with the unmounted form.
 */
export interface SignInCallbacks {
  onSuccess: (user: SessionUser) => void;
  onError: (error: Error) => void;
}

/** What signing in and signing up share: the answer is the new session's account. */
export function useSignInMutation<TInput>(
  signIn: (input: TInput) => Promise<SessionUser>,
  callbacks: SignInCallbacks,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
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
