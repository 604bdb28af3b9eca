import { type RefObject, useRef, useState } from 'react';
import type { FoundationApplication } from '../../../shared/applications';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { toastFailure } from '../../lib/failure-toast';
import { useDecideApplication } from './api/decide-application';
import { ParticipantCountDialog } from './participant-count-dialog';
import { applicationTexts } from './texts';

const texts = applicationTexts.approveDialog;

/** Approves all the pupils asked for, or fewer: the rest of the places are freed at once. */
function ApproveDialog({
  application,
  onClose,
  returnFocusTo,
}: {
  application: FoundationApplication;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const decide = useDecideApplication();
  const requested = application.participantCount;
  return (
    <ParticipantCountDialog
      title={texts.title}
      description={`${application.school.fullName || application.school.username} · ${application.event.title}`}
      label={texts.field}
      hint={texts.hint(requested)}
      initial={requested}
      max={requested}
      tooMany={texts.tooMany(requested)}
      confirmText={texts.confirm}
      cancelText={texts.cancel}
      busy={decide.isPending}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      onSubmit={(count) =>
        decide.mutate(
          {
            id: application.id,
            action: 'approve',
            // Only a smaller number is a partial approval; all of them is the plain approval.
            ...(count < requested ? { participantCount: count } : {}),
          },
          {
            onSuccess: (answer) => {
              toast({ title: answer.message });
              onClose();
            },
            onError: (error) => toastFailure(error, 'Ошибка', texts.failed),
          },
        )
      }
    />
  );
}

/**
 * «Одобрить» on a pending application, wherever the foundation meets it (its applications page and its
 * event's page): it asks how many of the pupils to take before anything is decided.
 */
export function ApproveApplicationButton({ application }: { application: FoundationApplication }) {
  const [approving, setApproving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} size="sm" onClick={() => setApproving(true)}>
        {texts.open}
      </Button>
      {approving ? (
        <ApproveDialog application={application} onClose={() => setApproving(false)} returnFocusTo={button} />
      ) : null}
    </>
  );
}
