import { PrivacyPolicyContent } from './privacy-policy-content';

export function PrivacyPolicyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Политика конфиденциальности</h1>
      <PrivacyPolicyContent />
    </div>
  );
}
