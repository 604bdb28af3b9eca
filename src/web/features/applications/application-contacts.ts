import type { Contact } from '../../components/contact-list';

type ContactValue = string | null | undefined;

/** The contacts a school gave with its application, as the lines a foundation reads them in. */
export function applicationContacts(application: {
  contactPerson: ContactValue;
  contactPhone: ContactValue;
  contactEmail: ContactValue;
  contactTelegram: ContactValue;
  contactVk: ContactValue;
}): Contact[] {
  return [
    { kind: 'person', value: application.contactPerson },
    { kind: 'phone', value: application.contactPhone },
    { kind: 'email', value: application.contactEmail },
    { kind: 'telegram', value: application.contactTelegram },
    { kind: 'vk', value: application.contactVk },
  ];
}
