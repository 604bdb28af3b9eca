import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { usePageHead } from './page-head';
import { Button } from './ui/button';
import { Card } from './ui/card';

/**
 * The one not-found design: an unknown address and a missing event, foundation, news item or request
 * look alike, each with its own words and a way back to its list. The server answers such a page 404.
 */
export function NotFound({
  title,
  text,
  to,
  linkLabel,
}: {
  title: string;
  text: string;
  to: string;
  linkLabel: string;
}) {
  usePageHead({ title, description: text, notFound: true });
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="flex flex-col items-center gap-3 text-center">
        <SearchX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{text}</p>
        <Button asChild className="mt-3">
          <Link to={to}>{linkLabel}</Link>
        </Button>
      </Card>
    </div>
  );
}
