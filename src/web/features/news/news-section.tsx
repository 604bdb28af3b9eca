import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { NewsGrid } from './news-grid';
import { newsTexts } from './texts';

/** The newest three items on the home page, under the /#news anchor. */
export function NewsSection() {
  return (
    <section id="news" aria-labelledby="news-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="news-heading" className="text-2xl font-bold sm:text-3xl">
            {newsTexts.sectionTitle}
          </h2>
          <p className="mt-1 text-muted-foreground">{newsTexts.sectionSubtitle}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/news">{newsTexts.allNews}</Link>
        </Button>
      </div>
      <NewsGrid limit={3} />
    </section>
  );
}
