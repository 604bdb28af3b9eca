import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { summary, usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { volunteerTexts } from './texts';

/** Individual volunteering is announced but not open yet (public-area.md section 1). */
export function VolunteerDevelopmentPage() {
  usePageHead({ title: volunteerTexts.title, description: summary(volunteerTexts.text) });
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <Construction aria-hidden className="mx-auto size-12 text-primary dark:text-green-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{volunteerTexts.title}</h1>
      <p className="mt-4 text-muted-foreground">{volunteerTexts.text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/events">{volunteerTexts.findEvents}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth?tab=register&role=school">{volunteerTexts.registerSchool}</Link>
        </Button>
      </div>
    </div>
  );
}
