import { Mail, MessageCircle, Search } from 'lucide-react';
import { useState } from 'react';
import { contacts } from '../../components/layout/site-texts';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { FaqAccordion } from './faq-accordion';
import { type FaqCategory, faqCategories, faqCategoryLabels, faqItems } from './faq-content';
import { faqTexts } from './texts';

export function FaqPage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const needle = query.trim().toLocaleLowerCase('ru');
  const shown = faqItems.filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (needle === '' || `${item.question} ${item.answer}`.toLocaleLowerCase('ru').includes(needle)),
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">{faqTexts.title}</h1>
      <div className="relative mt-6">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={faqTexts.searchLabel}
          placeholder={faqTexts.searchPlaceholder}
          className="pl-9"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">Категории</legend>
        {(['all', ...faqCategories] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm',
              category === value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border hover:bg-muted',
            )}
          >
            {value === 'all' ? faqTexts.allCategories : faqCategoryLabels[value]}
          </button>
        ))}
      </fieldset>
      <div className="mt-6">
        {shown.length > 0 ? (
          <FaqAccordion items={shown} />
        ) : (
          <div className="rounded-xl border border-dashed border-border p-8 text-center">
            <p className="font-semibold">{faqTexts.nothingFound}</p>
            <p className="mt-1 text-muted-foreground">{faqTexts.nothingFoundHint}</p>
          </div>
        )}
      </div>
      <Card className="mt-10 space-y-3">
        <h2 className="text-lg font-semibold">{faqTexts.supportTitle}</h2>
        <p className="text-muted-foreground">{faqTexts.supportText}</p>
        <p className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 text-muted-foreground" />
          <span className="sr-only">{faqTexts.supportEmail}:</span>
          <a href={`mailto:${contacts.email}`} className="text-primary hover:underline dark:text-green-400">
            {contacts.email}
          </a>
        </p>
        <p className="flex items-center gap-2">
          <MessageCircle aria-hidden className="size-4 text-muted-foreground" />
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
    </div>
  );
}
