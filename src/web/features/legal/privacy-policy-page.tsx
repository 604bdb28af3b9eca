import { usePageHead } from '../../components/page-head';
import { PrivacyPolicyContent } from '../../components/privacy-policy-content';
import { legalPageDescriptions, legalTexts } from './texts';

export function PrivacyPolicyPage() {
  usePageHead({ title: legalTexts.privacyTitle, description: legalPageDescriptions.privacy });
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
        {legalTexts.privacyTitle}
      </h1>
      <PrivacyPolicyContent />
    </article>
  );
}
