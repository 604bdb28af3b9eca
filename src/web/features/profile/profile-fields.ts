import type { z } from 'zod';
import type { foundationProfileSchema, schoolProfileSchema } from '../../../shared/profile';
import { profileTexts } from './texts';

/** The organisations that have a profile form. */
export type ProfileRole = 'school' | 'foundation';

/** A field's name: a key of its role's schema in shared/profile.ts, which validates it and words its messages. */
export type ProfileFieldName =
  | keyof z.input<typeof schoolProfileSchema>
  | keyof z.input<typeof foundationProfileSchema>;

/**
 * How a field is drawn and what it starts from: the text kinds are one line of input each, with what the
 * browser is told about it (keyboard, autofill); the others are controls of their own.
 */
export type ProfileFieldKind =
  | 'text'
  | 'username'
  | 'personName'
  | 'address'
  | 'phone'
  | 'email'
  | 'website'
  | 'link'
  | 'longText'
  | 'schoolType'
  | 'directions'
  | 'logo'
  | 'gallery';

export interface ProfileField {
  name: ProfileFieldName;
  label: string;
  kind: ProfileFieldKind;
  /** A line under the field saying what to write; the field's message replaces it when there is one. */
  hint?: string;
}

export interface ProfileSection {
  title: string;
  fields: readonly ProfileField[];
}

// The fields both forms have alike; each form names its organisation and describes it in its own words.
const username: ProfileField = { name: 'username', label: profileTexts.username, kind: 'username' };
const shortDescription: ProfileField = {
  name: 'shortDescription',
  label: profileTexts.shortDescription,
  kind: 'text',
};
const logo: ProfileField = { name: 'logoImageId', label: profileTexts.logo, kind: 'logo' };

const contacts = (addressLabel: string): ProfileSection => ({
  title: `2. ${profileTexts.contactsSection}`,
  fields: [
    { name: 'address', label: addressLabel, kind: 'address' },
    { name: 'phone', label: profileTexts.phone, kind: 'phone' },
    { name: 'email', label: profileTexts.email, kind: 'email' },
    { name: 'contactPerson', label: profileTexts.contactPerson, kind: 'personName' },
    { name: 'website', label: profileTexts.website, kind: 'website' },
  ],
});

const social: ProfileSection = {
  title: `3. ${profileTexts.socialSection}`,
  fields: [
    { name: 'vkLink', label: profileTexts.vk, kind: 'link' },
    { name: 'telegramChannel', label: profileTexts.telegram, kind: 'link' },
  ],
};

/** Each role's form, section by section and field by field, in the order the form shows them. */
export const profileSections: Record<ProfileRole, readonly ProfileSection[]> = {
  school: [
    {
      title: `1. ${profileTexts.basicSection}`,
      fields: [
        username,
        { name: 'fullName', label: profileTexts.schoolName, kind: 'text' },
        { name: 'schoolType', label: profileTexts.schoolType, kind: 'schoolType' },
        shortDescription,
        { name: 'description', label: profileTexts.schoolDescription, kind: 'longText' },
        logo,
      ],
    },
    contacts(profileTexts.address),
    social,
  ],
  foundation: [
    {
      title: `1. ${profileTexts.basicSection}`,
      fields: [
        username,
        { name: 'fullName', label: profileTexts.foundationName, kind: 'text' },
        shortDescription,
        { name: 'description', label: profileTexts.foundationDescription, kind: 'longText' },
        { name: 'directions', label: profileTexts.directions, kind: 'directions' },
        logo,
      ],
    },
    contacts(profileTexts.foundationAddress),
    social,
    {
      title: `4. ${profileTexts.publicPageSection}`,
      fields: [
        { name: 'galleryImageIds', label: profileTexts.gallery, kind: 'gallery' },
        { name: 'videoPresentation', label: profileTexts.video, kind: 'link' },
      ],
    },
  ],
};
