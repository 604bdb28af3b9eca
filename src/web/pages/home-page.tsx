import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { usePageHead } from '../components/page-head';
import { Button } from '../components/ui/button';
import { EventsSection, loadEventsSection } from '../features/events/events-section';
import { HomeFaq } from '../features/faq/home-faq';
import { FoundationsSection, loadFoundationsSection } from '../features/foundations/foundations-section';
import { ClosingCallToAction } from '../features/home/closing-call-to-action';
import { ImpactSection, loadImpactSection } from '../features/home/impact-section';
import { SignUpCards } from '../features/home/sign-up-cards';
import { homeTexts } from '../features/home/texts';
import { loadNewsSection, NewsSection } from '../features/news/news-section';
import type { PageLoad } from '../lib/page-load';

export function HomePage() {
  usePageHead({ description: homeTexts.heroText });
  return (
    <>
      <section className="bg-gradient-to-b from-green-50 to-background dark:from-green-950/40">
        <div className="mx-auto max-w-7xl px-4 py-10 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            {homeTexts.heroTitle}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-muted-foreground sm:text-lg">{homeTexts.heroText}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/events-calendar">
              {homeTexts.heroButton}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </section>
      <ImpactSection />
      <div className="home-shelves">
        <EventsSection />
        <FoundationsSection />
        <NewsSection />
      </div>
      <HomeFaq />
      <SignUpCards />
      <ClosingCallToAction />
    </>
  );
}

export const loadHomePage: PageLoad = (context) =>
  Promise.all([
    loadImpactSection(context),
    loadEventsSection(context),
    loadFoundationsSection(context),
    loadNewsSection(context),
  ]);
