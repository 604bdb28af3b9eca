import { MessageSquare } from 'lucide-react';
import { eventMessageTexts as texts } from '../../../shared/event-messages';
import { LoadError } from '../../components/load-error';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSchoolEventMessages } from './api/school-event-messages';
import { MessageHistory } from './message-history';

/**
 * On the event page, for a school that applied (`applied`): what the organiser wrote to the schools.
 * Nothing for anyone else, and nothing is asked of the server for them.
 */
export function OrganiserMessages({ eventId, applied }: { eventId: number; applied: boolean }) {
  const { data, isError, refetch } = useSchoolEventMessages(eventId, applied);
  if (!applied) return null;
  return (
    <Card className="space-y-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="size-5" aria-hidden />
        {texts.schoolTitle}
      </h2>
      {isError ? (
        <LoadError text={texts.loadFailed} onRetry={() => void refetch()} />
      ) : data ? (
        <MessageHistory messages={data} label={texts.schoolTitle} />
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
