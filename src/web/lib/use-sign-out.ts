import { errorText } from '../api/client';
import { useLogout } from '../api/logout';
import { toast } from '../components/ui/toast';
import { toastAfterReload } from './flash-toast';

/** What a person reads on signing out, from the header of any working area. */
const signOutTexts = {
  success: 'Выход выполнен',
  successText: 'Вы успешно вышли из аккаунта',
  failure: 'Ошибка выхода',
  genericFailure: 'Не удалось выполнить запрос. Попробуйте ещё раз',
} as const;

/** Signs out, then reloads the site at / so that nothing of the account stays in memory. */
export function useSignOut() {
  const logout = useLogout();
  return {
    isPending: logout.isPending,
    signOut: () =>
      logout.mutate(undefined, {
        onSuccess: () => {
          toastAfterReload({ title: signOutTexts.success, description: signOutTexts.successText });
          window.location.assign('/');
        },
        onError: (error) =>
          toast({
            title: signOutTexts.failure,
            description: errorText(error, signOutTexts.genericFailure),
            variant: 'destructive',
          }),
      }),
  };
}
