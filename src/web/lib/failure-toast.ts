import { commonErrors } from '../../shared/errors';
import { ApiError, errorText } from '../api/client';
import { toast } from '../components/ui/toast';

/**
 * The toast for a failed call: the server's message under the given title, except when the session has
 * ended meanwhile (401), which asks the visitor to sign in again (public-area.md section 6).
 */
export function toastFailure(error: unknown, title: string, fallback: string): void {
  if (error instanceof ApiError && error.status === 401) {
    toast({
      title: commonErrors.unauthorized,
      description: commonErrors.signInPrompt,
      variant: 'destructive',
    });
    return;
  }
  toast({ title, description: errorText(error, fallback), variant: 'destructive' });
}
