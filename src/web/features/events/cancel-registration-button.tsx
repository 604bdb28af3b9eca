import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { toastFailure } from '../../lib/failure-toast';
import { useCancelRegistration } from './api/cancel-registration';

/**
 * A school's cancel button on the event page, with its confirmation. Loaded only for a school that has
 * an application here, so that visitors' phones never download the dialog's code.
 */
export function CancelRegistrationButton({ eventId }: { eventId: number }) {
  const cancel = useCancelRegistration(eventId);
  return (
    <ConfirmDialog
      title="Отменить заявку?"
      description="Заявка будет удалена, это действие нельзя отменить."
      confirmText="Отменить заявку"
      cancelText="Назад"
      destructive
      trigger={
        <Button variant="outline" className="w-full" disabled={cancel.isPending}>
          Отменить заявку
        </Button>
      }
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: () => toast({ title: 'Успешно!', description: 'Регистрация отменена' }),
          onError: (error) => toastFailure(error, 'Ошибка', 'Ошибка при отмене регистрации'),
        })
      }
    />
  );
}
