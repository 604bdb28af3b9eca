import { type EventMessage, eventMessageTexts as texts } from '../../../shared/event-messages';
import { formatMomentDateTime } from '../../lib/app-time-zone';

/** The messages of an event, newest first, each with when it was sent. */
export function MessageHistory({ messages, label }: { messages: EventMessage[]; label: string }) {
  if (messages.length === 0) return <p className="text-sm text-muted-foreground">{texts.noMessages}</p>;
  return (
    <ul aria-label={label} className="space-y-3">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg bg-muted/60 p-3">
          <time dateTime={message.createdAt} className="block text-xs text-muted-foreground">
            {formatMomentDateTime(message.createdAt)}
          </time>
          <p className="mt-1 whitespace-pre-line break-words">{message.text}</p>
        </li>
      ))}
    </ul>
  );
}
