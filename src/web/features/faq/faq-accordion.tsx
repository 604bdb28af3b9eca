import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { FaqItem } from './faq-content';

/** Questions with one answer open at a time. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-border rounded-xl border border-border bg-card"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 p-4 text-left font-medium hover:bg-muted/60">
              {item.question}
              <ChevronDown
                aria-hidden
                className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-muted-foreground">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
