import { Building2, GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { homeTexts } from './texts';

/**
 * «Присоединяйтесь»: a card per organisation type, each opening sign-up with that type chosen. Only for a
 * visitor known not to be signed in: the server draws the home page for exactly those, and the browser
 * drawing it for a signed-in visitor shows nothing here while the session loads rather than flashing
 * the cards.
 */
export function SignUpCards() {
  const { data: user } = useCurrentUser();
  if (user !== null) return null;
  return (
    <section aria-labelledby="join-heading" className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h2 id="join-heading" className="mb-6 text-center text-2xl font-bold">
        {homeTexts.joinTitle}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {homeTexts.roleCards.map((card) => {
          const Icon = card.role === 'foundation' ? Building2 : GraduationCap;
          return (
            <Card key={card.role} className="flex flex-col gap-4">
              <Icon aria-hidden className="size-10 text-primary" />
              <h3 className="text-xl font-semibold">{card.title}</h3>
              <ul className="flex-1 list-disc space-y-1 pl-5 text-muted-foreground">
                {card.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <Button asChild variant="outline">
                <Link to={`/auth?tab=register&role=${card.role}`}>{card.action}</Link>
              </Button>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
