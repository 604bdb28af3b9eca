import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { FaqItem } from './faq-content';

interface FaqAccordionProps {
  items: FaqItem[];
  /** The level of each question's heading, one below the heading of the surrounding page or section. */
  headingLevel?: 2 | 3;
}

/** Questions with one answer open at a time. */
export function FaqAccordion({ items, headingLevel = 3 }: FaqAccordionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header asChild>
            <Heading className="text-base font-medium">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 p-4 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary">
                {item.question}
                <ChevronDown
                  aria-hidden
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 leading-relaxed text-muted-foreground">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
