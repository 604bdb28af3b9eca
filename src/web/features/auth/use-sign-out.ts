import { errorText } from '../../api/client';
import { toast } from '../../components/ui/toast';
import { toastAfterReload } from '../../lib/flash-toast';
import { useLogout } from './api';
import { authTexts } from './texts';

/** Signs out, then reloads the site at / so that nothing of the account stays in memory. */
export function useSignOut() {
  const logout = useLogout();
  return {
    isPending: logout.isPending,
    signOut: () =>
      logout.mutate(undefined, {
        onSuccess: () => {
          toastAfterReload({ title: authTexts.logoutSuccess, description: authTexts.logoutSuccessText });
          window.location.assign('/');
        },
        onError: (error) =>
          toast({
            title: authTexts.logoutFailure,
            description: errorText(error, authTexts.genericFailure),
            variant: 'destructive',
          }),
      }),
  };
}
