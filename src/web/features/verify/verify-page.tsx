import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { attendanceLabel } from '../../../shared/application-words';
import { activityTypeLabels } from '../../../shared/catalog';
import { certificateTotalsText, hourForms } from '../../../shared/certificate-words';
import type { CertificateVerification, ParticipationVerification } from '../../../shared/certificates';
import { formatDateRu } from '../../../shared/dates';
import { countOf } from '../../../shared/plural';
import { normaliseProofCode, proofCodeMessages, verifyPath } from '../../../shared/proof-codes';
import { ApiError } from '../../api/client';
import { LoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatMomentDay } from '../../lib/app-time-zone';
import type { PageLoad } from '../../lib/page-load';
import { useVerification, verificationQuery } from './api/verification';
import { verifyTexts as texts } from './texts';

/**
 * /verify and /verify/{code}: anyone holding a certificate or a pupil's slip checks what its code proves.
 * The page names no person and shows no contacts; search engines are asked not to index it.
 */
export function VerifyPage() {
  const raw = useParams().code;
  const code = raw === undefined ? undefined : (normaliseProofCode(raw) ?? undefined);
  const malformed = raw !== undefined && code === undefined;
  const { data, isPending, error, refetch } = useVerification(code);
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);

  // A malformed or unknown code is no page of its own: the server answers it 404, as for a missing event.
  usePageHead({
    title: texts.title,
    description: texts.description,
    noindex: true,
    notFound: malformed || notFound,
  });

  let result: ReactNode = null;
  if (malformed) result = <Verdict tone="bad" text={proofCodeMessages.malformed} />;
  else if (code === undefined) result = null;
  else if (notFound) result = <Verdict tone="bad" text={error.serverMessage ?? proofCodeMessages.notFound} />;
  else if (error) result = <LoadError text={errorMessage(error)} onRetry={() => void refetch()} />;
  else if (isPending) result = <Spinner className="min-h-[40vh]" />;
  else if (data.kind === 'certificate') result = <CertificateFacts verification={data} />;
  else result = <ParticipationFacts verification={data} />;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{texts.title}</h1>
      {/* A new code typed here replaces the one shown; the form stays on top so checking another is one step. */}
      <CodeForm key={raw ?? ''} initial={raw ?? ''} />
      {result}
    </div>
  );
}

function errorMessage(error: Error): string {
  return error instanceof ApiError ? (error.serverMessage ?? texts.loadFailed) : texts.loadFailed;
}

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseProofCode(value);
    if (!code) {
      setProblem(proofCodeMessages.malformed);
      return;
    }
    setProblem(undefined);
    navigate(verifyPath(code));
  };
  return (
    <Card padding="responsive" className="space-y-3">
      <p className="text-muted-foreground">{texts.intro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1 space-y-1">
          <label htmlFor={inputId} className="sr-only">
            {texts.codeLabel}
          </label>
          <Input
            id={inputId}
            name="code"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="ABCD-EFGH-JKMN-PQRS"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="font-mono tracking-wider"
          />
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <Button type="submit">{texts.check}</Button>
      </form>
    </Card>
  );
}

const toneStyles = {
  good: 'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-50',
  warn: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50',
  bad: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-50',
} as const;
const toneIcons = { good: CircleCheck, warn: CircleAlert, bad: CircleX } as const;

/** The one sentence a reader came for, first and in colour, with an icon for those who do not see colour. */
function Verdict({ tone, text }: { tone: keyof typeof toneStyles; text: string }) {
  const Icon = toneIcons[tone];
  return (
    <div role="status" className={clsx('flex items-start gap-3 rounded-xl border p-4', toneStyles[tone])}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      {/* A claimed or revoked code's day is the reader's local day, which may differ from the server's. */}
      <p className="font-semibold" data-testid="verdict" suppressHydrationWarning>
        {text}
      </p>
    </div>
  );
}

/** Label–value pairs that stack on a phone and sit side by side on a wider screen. */
function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted-foreground sm:text-base">{label}</dt>
          <dd className="mb-2 font-medium break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CertificateFacts({ verification: v }: { verification: CertificateVerification }) {
  const t = texts.certificate;
  return (
    <section className="space-y-4" aria-label={t.heading}>
      <Verdict
        tone={v.matchesRecords ? 'good' : 'warn'}
        text={v.matchesRecords ? t.matches : t.changed(v.changes)}
      />
      <Card padding="responsive" className="space-y-4">
        <h2 className="text-lg font-semibold">{t.heading}</h2>
        {v.matchesRecords ? null : <p className="text-sm text-muted-foreground">{t.printedNote}</p>}
        <Facts
          rows={[
            [t.school, v.schoolName],
            [t.period, v.periodLabel],
            [t.issued, formatDateRu(v.issuedOn)],
            [
              t.code,
              <span key="code" className="font-mono">
                {v.code}
              </span>,
            ],
            [t.totals, certificateTotalsText(v.totals)],
          ]}
        />
        <h3 className="font-semibold">{t.events}</h3>
        <ol className="divide-y divide-border">
          {v.events.map((event, index) => (
            // Two credits may share a day and a title; their place on the certificate tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is printed once and never reordered
            <li key={index} className="space-y-0.5 py-3">
              <p className="font-medium break-words">
                {index + 1}. {event.title}
              </p>
              <p className="text-sm text-muted-foreground">
                {[
                  formatDateRu(event.date),
                  event.foundationName,
                  event.activityType ? activityTypeLabels[event.activityType] : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-sm">
                {attendanceLabel(event.pupils, null)} · {countOf(event.hours, hourForms)}
              </p>
            </li>
          ))}
        </ol>
      </Card>
    </section>
  );
}

function ParticipationFacts({ verification: v }: { verification: ParticipationVerification }) {
  const t = texts.participation;
  const verdict =
    v.status === 'revoked'
      ? ({
          tone: 'bad',
          text: (v.revokedReason === 'attendanceCorrected' ? t.revokedByAttendance : t.revoked)(
            formatMomentDay(v.revokedAt),
          ),
        } as const)
      : v.status === 'claimed'
        ? ({ tone: 'good', text: t.claimed(formatMomentDay(v.claimedAt)) } as const)
        : ({ tone: 'good', text: t.active } as const);
  return (
    <section className="space-y-4" aria-label={t.heading}>
      <Verdict tone={verdict.tone} text={verdict.text} />
      {v.withdrawn ? <Verdict tone="warn" text={t.withdrawn} /> : null}
      <Card padding="responsive" className="space-y-4">
        <h2 className="text-lg font-semibold">{t.heading}</h2>
        <Facts
          rows={[
            [t.event, v.eventTitle],
            [t.date, formatDateRu(v.eventDate)],
            [t.activity, v.activityType ? activityTypeLabels[v.activityType] : texts.noValue],
            [t.hours, countOf(v.hours, hourForms)],
            [t.foundation, v.foundationName ?? texts.noValue],
            [t.school, v.schoolName],
            [
              t.code,
              <span key="code" className="font-mono">
                {v.code}
              </span>,
            ],
          ]}
        />
      </Card>
    </section>
  );
}

export const loadVerifyPage: PageLoad = async ({ params, queryClient }) => {
  const code = params.code === undefined ? undefined : normaliseProofCode(params.code);
  if (code) await queryClient.ensureQueryData(verificationQuery(code));
};
