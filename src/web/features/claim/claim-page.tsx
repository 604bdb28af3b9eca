import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import {
  claimTexts,
  maxCodesPerClaim,
  participationCodeMessages,
  proofCodeField,
  pupilNameField,
} from '../../../shared/participation-codes';
import { formatProofCode, normaliseProofCode } from '../../../shared/proof-codes';
import { ApiError, errorText } from '../../api/client';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { claimCertificate } from './api/claim-certificate';
import { claimPageTexts as texts } from './texts';

interface CodeEntry {
  /** Keeps a field's identity when another is removed. */
  key: number;
  value: string;
  error?: string | undefined;
}

const nameMessages = new Set<string>([
  participationCodeMessages.nameRequired,
  participationCodeMessages.nameShort,
  participationCodeMessages.nameLong,
  participationCodeMessages.nameCharacters,
  participationCodeMessages.nameLetters,
]);

/** A code from the address as the slip prints it; anything else as it came, for the pupil to correct. */
function codeFromAddress(raw: string | undefined): string {
  if (!raw) return '';
  const code = normaliseProofCode(raw);
  return code ? formatProofCode(code) : raw;
}

/** Saves the file the browser was given under the certificate's name. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the address is kept a moment longer for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /claim and /claim/:code: a pupil types the codes of their slips and their own name and gets the
 * personal certificate as a PDF. The name goes to the server only inside the request that makes the PDF.
 */
export function ClaimPage() {
  usePageHead({ title: texts.title, description: texts.description });
  const params = useParams();
  const [codes, setCodes] = useState<CodeEntry[]>([{ key: 0, value: codeFromAddress(params.code) }]);
  const [nextKey, setNextKey] = useState(1);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const setCode = (key: number, value: string) =>
    setCodes((current) => current.map((entry) => (entry.key === key ? { key, value } : entry)));

  /** Puts the server's refusal where it belongs: under the code it names, the name, or the form. */
  function showRefusal(error: unknown, parsed: string[]) {
    const message = errorText(error, texts.failed);
    if (error instanceof ApiError && error.status === 400 && nameMessages.has(message)) {
      setNameError(message);
      return;
    }
    const named = parsed.findIndex((code) => message.startsWith(`${formatProofCode(code)}: `));
    if (named >= 0) {
      const rest = message.slice(formatProofCode(parsed[named] ?? '').length + 2);
      setCodes((current) =>
        current.map((entry, index) => (index === named ? { ...entry, error: rest } : entry)),
      );
      return;
    }
    const aboutTheCode = error instanceof ApiError && [400, 404, 409].includes(error.status);
    if (parsed.length === 1 && aboutTheCode) {
      setCodes((current) =>
        current.map((entry, index) => (index === 0 ? { ...entry, error: message } : entry)),
      );
      return;
    }
    setFormError(message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setFormError(undefined);
    const checkedName = pupilNameField.safeParse(name);
    setNameError(checkedName.success ? undefined : checkedName.error.issues[0]?.message);
    const seen = new Set<string>();
    const parsed: string[] = [];
    const checkedCodes = codes.map((entry) => {
      const result = proofCodeField.safeParse(entry.value);
      if (!result.success) return { ...entry, error: result.error.issues[0]?.message };
      if (seen.has(result.data)) return { ...entry, error: participationCodeMessages.duplicate(result.data) };
      seen.add(result.data);
      parsed.push(result.data);
      return { ...entry, error: undefined };
    });
    setCodes(checkedCodes);
    if (!checkedName.success || checkedCodes.some((entry) => entry.error)) return;

    setBusy(true);
    try {
      const input =
        parsed.length === 1
          ? { code: parsed[0], name: checkedName.data }
          : { codes: parsed, name: checkedName.data };
      saveFile(await claimCertificate(input), claimTexts.fileName);
      setSaved(true);
    } catch (error) {
      showRefusal(error, parsed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      <h1 className="text-2xl font-bold">{texts.title}</h1>
      <p className="mt-2 text-muted-foreground">{texts.description}</p>
      <Card className="mt-6">
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {codes.map((entry, index) => (
            <div key={entry.key} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <FormField label={texts.codeLabel(index, codes.length)} error={entry.error}>
                  <Input
                    value={entry.value}
                    onChange={(event) => setCode(entry.key, event.target.value)}
                    placeholder={texts.codePlaceholder}
                    autoCapitalize="characters"
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono uppercase"
                  />
                </FormField>
              </div>
              {codes.length > 1 ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setCodes((current) => current.filter((item) => item.key !== entry.key))}
                  aria-label={texts.removeCode(index)}
                  className={entry.error ? 'mb-7' : undefined}
                >
                  ✕
                </Button>
              ) : null}
            </div>
          ))}
          {codes.length < maxCodesPerClaim ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setCodes((current) => [...current, { key: nextKey, value: '' }]);
                setNextKey((key) => key + 1);
              }}
            >
              {texts.addCode}
            </Button>
          ) : null}
          <FormField label={texts.nameLabel} error={nameError} hint={texts.nameHint}>
            <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
          </FormField>
          <p className="rounded-lg bg-muted p-3 text-sm">{texts.privacy}</p>
          {formError ? (
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {formError}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="text-sm text-green-800 dark:text-green-300">
              {texts.saved}
            </p>
          ) : null}
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? texts.submitting : texts.submit}
          </Button>
        </form>
      </Card>
    </div>
  );
}
