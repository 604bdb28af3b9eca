import { clsx } from 'clsx';
import { Mail, MessageCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { contacts } from '../../components/layout/site-texts';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SearchInput } from '../../components/ui/search-input';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { FaqAccordion } from './faq-accordion';
import { type FaqCategory, faqCategories, faqCategoryLabels, faqItems } from './faq-content';
import { faqPageDescription, faqTexts } from './texts';

/** Case-insensitive, and ё counts as е: most people type «волонтер», the answers say «волонтёр». */
function normalise(text: string) {
  return text.toLocaleLowerCase('ru').replaceAll('ё', 'е');
}

const searchableText = new Map(
  faqItems.map((item) => [item.id, normalise(`${item.question} ${item.answer}`)]),
);

export function FaqPage() {
  usePageHead({ title: faqTexts.title, description: faqPageDescription });
  const [query, setQuery] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, query, setQuery);
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const needle = normalise(query.trim());
  const shown = faqItems.filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (needle === '' || searchableText.get(item.id)?.includes(needle)),
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{faqTexts.title}</h1>
      <SearchInput
        className="mt-6"
        aria-label={faqTexts.searchLabel}
        placeholder={faqTexts.searchPlaceholder}
        ref={searchField}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">{faqTexts.categoriesLegend}</legend>
        {(['all', ...faqCategories] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
            className={clsx(
              'rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
              category === value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-background hover:bg-muted',
            )}
          >
            {value === 'all' ? faqTexts.allCategories : faqCategoryLabels[value]}
          </button>
        ))}
      </fieldset>
      <p role="status" className="sr-only">
        {faqTexts.resultsCount(shown.length)}
      </p>
      <div className="mt-6">
        {shown.length > 0 ? (
          <FaqAccordion items={shown} headingLevel={2} />
        ) : (
          <div className="rounded-xl border border-dashed border-border p-8 text-center">
            <p className="font-semibold">{faqTexts.nothingFound}</p>
            <p className="mt-1 text-muted-foreground">{faqTexts.nothingFoundHint}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-4"
              onClick={() => {
                setQuery('');
                setCategory('all');
              }}
            >
              {faqTexts.resetSearch}
            </Button>
          </div>
        )}
      </div>
      <section aria-labelledby="faq-support-heading" className="mt-10">
        <Card className="space-y-3">
          <h2 id="faq-support-heading" className="text-lg font-semibold">
            {faqTexts.supportTitle}
          </h2>
          <p className="text-muted-foreground">{faqTexts.supportText}</p>
          <p className="flex items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">{faqTexts.supportEmail}:</span>
            <a
              href={`mailto:${contacts.email}`}
              className="break-all text-primary hover:underline dark:text-green-400"
            >
              {contacts.email}
            </a>
          </p>
          <p className="flex items-center gap-2">
            <MessageCircle aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <a
              href={contacts.community}
              target="_blank"
              rel="noreferrer"
              className="text-primary hover:underline dark:text-green-400"
            >
              {faqTexts.supportCommunity}
            </a>
          </p>
        </Card>
      </section>
    </div>
  );
}
