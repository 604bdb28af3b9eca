import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle: string;
  /** The full list this home-page section is a glimpse of. */
  link: { to: string; label: string };
}

/**
 * A home-page section's heading with the way to its full list beside the title, so that on a phone the
 * link costs no line of its own.
 */
export function SectionHeading({ id, title, subtitle, link }: SectionHeadingProps) {
  return (
    <div className="mb-6 grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1">
      <h2 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <Link
        to={link.to}
        className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-primary hover:underline sm:row-span-2 sm:self-end sm:text-base dark:text-green-400"
      >
        {link.label}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
      <p className="col-span-2 text-muted-foreground sm:col-span-1">{subtitle}</p>
    </div>
  );
}
