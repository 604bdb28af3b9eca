import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../components/ui/button';
import { homeTexts } from './texts';

/** The closing invitation to sign up: like the sign-up cards, only for a visitor known not to be signed in. */
export function ClosingCallToAction() {
  const { data: user } = useCurrentUser();
  if (user !== null) return null;
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl bg-primary px-6 py-8 text-center sm:py-12 text-primary-foreground dark:bg-green-800">
        <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
          {homeTexts.ctaTitle}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-green-50">{homeTexts.ctaText}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="onPrimary">
            <Link to="/auth?tab=register">
              {homeTexts.ctaRegister}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outlineOnPrimary">
            <Link to="/events">{homeTexts.ctaEvents}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
