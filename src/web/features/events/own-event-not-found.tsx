import { Link } from 'react-router';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { manageTexts as t } from './manage-texts';

/** A foundation's working page for an event that is missing or not its own: both answer alike. */
export function OwnEventNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <BackLink to="/dashboard">{t.back}</BackLink>
      <Card padding="responsive" className="mt-4 space-y-4 text-center">
        <h1 className="text-xl font-bold">{t.notFound}</h1>
        <p className="text-muted-foreground">{t.notFoundHint}</p>
        <Button asChild>
          <Link to="/dashboard">{t.toEventList}</Link>
        </Button>
      </Card>
    </div>
  );
}
