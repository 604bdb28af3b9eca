import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { FaqAccordion } from './faq-accordion';
import { homeFaq } from './faq-content';
import { faqTexts } from './texts';

export function HomeFaq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-12">
      <h2 id="faq-heading" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
        {faqTexts.title}
      </h2>
      <FaqAccordion items={homeFaq} />
      <div className="mt-6 text-center">
        <Button asChild variant="outline">
          <Link to="/faq">{faqTexts.allQuestions}</Link>
        </Button>
      </div>
    </section>
  );
}
