import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { toastFailure } from '../../lib/failure-toast';
import { useCancelApplication } from './api/cancel-application';
import { eventTexts } from './texts';

/**
 * A school's cancel button on the event page, with its confirmation. Loaded only for a school that has
 * an application here, so that visitors' phones never download the dialog's code.
 */
export function CancelApplicationButton({ eventId, waitlisted }: { eventId: number; waitlisted: boolean }) {
  const cancel = useCancelApplication(eventId);
  const action = waitlisted ? eventTexts.leaveWaitlist : 'Отменить заявку';
  return (
    <ConfirmDialog
      title={waitlisted ? `${eventTexts.leaveWaitlist}?` : 'Отменить заявку?'}
      description={
        waitlisted
          ? 'Место в очереди будет потеряно; встать снова можно только в конец.'
          : 'Заявка будет удалена, это действие нельзя отменить.'
      }
      confirmText={action}
      cancelText="Назад"
      destructive
      trigger={
        <Button variant="outline" className="w-full" disabled={cancel.isPending}>
          {action}
        </Button>
      }
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: (answer) =>
            toast({ title: 'Успешно!', description: waitlisted ? answer.message : 'Регистрация отменена' }),
          onError: (error) => toastFailure(error, 'Ошибка', 'Ошибка при отмене регистрации'),
        })
      }
    />
  );
}
