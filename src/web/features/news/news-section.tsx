import { SectionHeading } from '../../components/section-heading';
import type { PageLoad } from '../../lib/page-load';
import { loadNewsGrid, NewsGrid } from './news-grid';
import { newsTexts } from './texts';

const homeNewsCount = 3;

/** The newest three items on the home page, under the /#news anchor. */
export function NewsSection() {
  return (
    <section id="news" aria-labelledby="news-heading" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading
        id="news-heading"
        title={newsTexts.sectionTitle}
        subtitle={newsTexts.sectionSubtitle}
        link={{ to: '/news', label: newsTexts.allNews }}
      />
      <NewsGrid limit={homeNewsCount} />
    </section>
  );
}

export const loadNewsSection: PageLoad = ({ queryClient }) => loadNewsGrid(queryClient, 1, homeNewsCount);
