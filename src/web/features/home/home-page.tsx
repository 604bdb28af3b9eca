import { ArrowRight, Building2, GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EventsSection } from '../events/events-section';
import { HomeFaq } from '../faq/home-faq';
import { FoundationsSection } from '../foundations/foundations-section';
import { NewsSection } from '../news/news-section';
import { ClosingCallToAction } from './closing-call-to-action';
import { ImpactSection } from './impact-section';
import { homeTexts } from './texts';

export function HomePage() {
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
                  <Link to="/auth">{card.action}</Link>
                </Button>
              </Card>
            );
          })}
        </div>
      </section>
      <ClosingCallToAction />
    </>
  );
}
