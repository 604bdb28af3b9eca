import { useState } from 'react';
import { participationCodeStatusLabels } from '../../../shared/participation-code-words';
import type { ParticipationCode } from '../../../shared/participation-codes';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { formatMomentDay } from '../../lib/app-time-zone';
import { toastFailure } from '../../lib/failure-toast';
import { codeSlipsAddress, useParticipationCodes } from './api/participation-codes';
import { useReissueCode } from './api/reissue-code';
import { participationCodeTexts as texts } from './participation-codes-texts';

function CodeRow({ applicationId, code }: { applicationId: number; code: ParticipationCode }) {
  const reissue = useReissueCode(applicationId);
  const notes = [
    code.claimedAt ? texts.claimedOn(formatMomentDay(code.claimedAt)) : null,
    code.replacedBy ? texts.replacedBy(code.replacedBy) : null,
    code.replaces ? texts.replaces(code.replaces) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-2 last:border-b-0">
      <div className="min-w-0">
        <p className="font-mono text-sm font-semibold">{code.code}</p>
        <p className="text-xs text-muted-foreground">
          {participationCodeStatusLabels[code.status]}
          {notes.length > 0 ? ` · ${notes.join(' · ')}` : ''}
        </p>
      </div>
      {/* A used code stands behind a certificate and a revoked one was replaced: only an unused one is. */}
      {code.status === 'active' ? (
        <ConfirmDialog
          title={texts.replaceTitle(code.code)}
          description={texts.replaceDescription}
          confirmText={texts.replaceConfirm}
          cancelText={texts.replaceCancel}
          destructive
          trigger={
            <Button
              variant="outline"
              size="sm"
              disabled={reissue.isPending}
              aria-label={`${texts.replace} ${code.code}`}
            >
              {texts.replace}
            </Button>
          }
          onConfirm={() =>
            reissue.mutate(code.code, {
              onSuccess: (answer) => toast({ title: answer.message }),
              onError: (error) => toastFailure(error, 'Ошибка', texts.replaceFailed),
            })
          }
        />
      ) : null}
    </li>
  );
}

/**
 * «Коды учеников (N)» on a completed application where pupils came: the codes with their status, the
 * sheet of slips to print, and the replacement of a lost code.
 */
export function ParticipationCodesDialog({
  applicationId,
  pupils,
}: {
  applicationId: number;
  pupils: number;
}) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, refetch } = useParticipationCodes(applicationId, open);
  const active = data?.filter((code) => code.status === 'active').length ?? 0;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {texts.open(pupils)}
        </Button>
      </DialogTrigger>
      <DialogContent title={texts.title} description={texts.description}>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <div role="alert">
            <p>{texts.loadFailed}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
              {texts.retry}
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3">
              {active > 0 ? (
                <Button asChild size="sm">
                  <a href={codeSlipsAddress(applicationId)} download>
                    {texts.download}
                  </a>
                </Button>
              ) : null}
              <p className="text-sm text-muted-foreground">{texts.activeCount(active, data.length)}</p>
            </div>
            <ul aria-label={texts.listLabel}>
              {data.map((code) => (
                <CodeRow key={code.code} applicationId={applicationId} code={code} />
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
