import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { contacts, footerTexts, mainNavigation, siteName } from './site-texts';

const headingClass = 'mb-3 text-sm font-semibold uppercase tracking-wide';
const linkClass = 'text-sm text-muted-foreground hover:text-foreground';

/** `signedIn` is unknown while the session loads; sign-up is offered only to a visitor known to be signed out. */
export function Footer({ signedIn }: { signedIn: boolean | undefined }) {
  return (
    <footer className="mt-8 border-t sm:mt-16 border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <HeartHandshake aria-hidden className="size-6 text-primary" />
            {siteName}
          </Link>
          <p className="text-sm text-muted-foreground">{footerTexts.blurb}</p>
          <a href={contacts.community} className={linkClass} target="_blank" rel="noreferrer">
            {footerTexts.community}
          </a>
        </div>
        <nav aria-label={footerTexts.navigation}>
          <h2 className={headingClass}>{footerTexts.navigation}</h2>
          <ul className="space-y-2">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>{footerTexts.users}</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/dashboard" className={linkClass}>
                {footerTexts.personalAccount}
              </Link>
            </li>
            {signedIn === false ? (
              <li>
                <Link to="/auth?tab=register" className={linkClass}>
                  {footerTexts.forOrganisations}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                {footerTexts.terms}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                {footerTexts.privacy}
              </Link>
            </li>
          </ul>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <h2 className={headingClass}>{footerTexts.contacts}</h2>
          <ul className="space-y-2 text-sm">
            {contacts.founders.map((founder) => (
              <li key={founder.name}>
                <span className="font-medium">{founder.name}</span>
                <span className="block text-muted-foreground">{founder.role}</span>
              </li>
            ))}
            <li>
              <span className="text-muted-foreground">{footerTexts.generalContact}: </span>
              <a href={`mailto:${contacts.email}`} className="hover:underline">
                {contacts.email}
              </a>
            </li>
            <li>
              <a href={contacts.community} className={linkClass} target="_blank" rel="noreferrer">
                {footerTexts.community}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        {footerTexts.copyright}
      </p>
    </footer>
  );
}
