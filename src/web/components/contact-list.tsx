import { clsx } from 'clsx';
import { toHttpLink, toTelegramLink } from '../../shared/link-targets';
import { contactTexts } from './contact-texts';

export type ContactKind = 'person' | 'phone' | 'email' | 'address' | 'website' | 'telegram' | 'vk';

export interface Contact {
  kind: ContactKind;
  value: string | null | undefined;
  /** Replaces the kind's own label where the screen must say whose contact it is («Телефон фонда»). */
  label?: string;
  /** Left out when empty even where missing values are shown: a line few organisations fill in. */
  optional?: boolean;
}

/** A dialler number from what a person typed: its digits and a leading +, nothing else. */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : undefined;
}

/** Where a contact leads: only http(s), t.me, tel: and mailto:, so a stored `javascript:` never becomes a link. */
function hrefOf(kind: ContactKind, value: string): string | undefined {
  switch (kind) {
    case 'phone':
      return telHref(value);
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(value) ? `mailto:${value}` : undefined;
    case 'website':
    case 'vk':
      return toHttpLink(value);
    case 'telegram':
      return toTelegramLink(value);
    default:
      return undefined;
  }
}

const linkClass = 'text-primary underline-offset-2 hover:underline dark:text-green-400';

/**
 * Contacts as labelled lines (Телефон, E-mail, …), each phone a tel: link and each e-mail a mailto: link.
 * Used wherever one side sees the other's contacts, so they read and behave the same on every screen.
 * Values are typed by people and may be one long word: they break anywhere, and a grid cell may shrink
 * below their length, so no contact widens the page (issue 22, items 10 and 16).
 */
export function ContactList({
  contacts,
  showMissing = false,
  columns = 1,
  className,
}: {
  contacts: Contact[];
  /** Show «не указано» for an empty value instead of leaving the line out. */
  showMissing?: boolean;
  /** Two columns from the small breakpoint up; one on a phone. */
  columns?: 1 | 2;
  className?: string;
}) {
  const shown = contacts
    .map((contact) => ({ ...contact, value: contact.value?.trim() ?? '' }))
    .filter((contact) => contact.value !== '' || (showMissing && !contact.optional));
  if (shown.length === 0) return null;
  return (
    <dl className={clsx('grid gap-2 text-sm', columns === 2 && 'sm:grid-cols-2', className)}>
      {shown.map((contact) => {
        const href = contact.value ? hrefOf(contact.kind, contact.value) : undefined;
        const external = href?.startsWith('http');
        return (
          <div key={`${contact.kind} ${contact.label ?? ''}`} className="min-w-0">
            <dt className="text-muted-foreground">{contact.label ?? contactTexts[contact.kind]}</dt>
            <dd className="min-w-0 wrap-anywhere">
              {!contact.value ? (
                contactTexts.notSpecified
              ) : href ? (
                <a
                  href={href}
                  className={linkClass}
                  {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
                >
                  {contact.value}
                  {external ? <span className="sr-only"> {contactTexts.opensInNewTab}</span> : null}
                </a>
              ) : (
                contact.value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
