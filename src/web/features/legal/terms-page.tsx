import { Link } from 'react-router';
import { contacts } from '../../components/layout/site-texts';
import { usePageHead } from '../../components/page-head';
import { legalPageDescriptions, legalTexts } from './texts';

const linkClass = 'text-primary underline underline-offset-4 dark:text-green-400';

export function TermsPage() {
  usePageHead({ title: legalTexts.termsTitle, description: legalPageDescriptions.terms });
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{legalTexts.termsTitle}</h1>
      <p className="mt-4 text-muted-foreground">{legalTexts.termsIntro}</p>
      <div className="mt-8 space-y-8 leading-relaxed">
        {legalTexts.termsSections.map((section) => (
          <section key={section.title} className="space-y-3">
            <h2 className="text-xl font-semibold">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <section className="space-y-3">
          <h2 className="text-xl font-semibold">{legalTexts.contactsTitle}</h2>
          <p>
            {legalTexts.contactsText}{' '}
            <a href={`mailto:${contacts.email}`} className={`break-all ${linkClass}`}>
              {contacts.email}
            </a>
            . {legalTexts.contactsAnswer}
          </p>
          <p>
            {legalTexts.privacyLinkLead}{' '}
            <Link to="/privacy-policy" className={linkClass}>
              {legalTexts.privacyLink}
            </Link>
            .
          </p>
        </section>
      </div>
    </article>
  );
}
