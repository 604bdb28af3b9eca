import { FileDown } from 'lucide-react';
import { useId, useState } from 'react';
import { periodQuerySchema } from '../../../shared/school-year';
import { type Period, schoolYearLabel, schoolYearPeriod } from '../../../shared/school-year-period';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useCertificateYears } from './api/certificate-years';
import { useDownloadCertificate } from './api/download-certificate';
import { certificateTexts as texts } from './texts';

const custom = 'custom';

/**
 * «Справка о часах» on the school's dashboard: a school year (the current one first) or any period, and
 * the certificate as a PDF. A refusal shows the server's Russian message under the button.
 */
export function CertificateCard() {
  const years = useCertificateYears();
  const download = useDownloadCertificate();
  const [choice, setChoice] = useState<string>();
  const [range, setRange] = useState<Period>();
  const [problem, setProblem] = useState<string>();
  const headingId = useId();

  if (years.isPending) {
    return (
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">{texts.title}</h2>
        <Spinner />
      </Card>
    );
  }
  if (years.isError) {
    return (
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">{texts.title}</h2>
        <p role="alert">{texts.yearsFailed}</p>
      </Card>
    );
  }

  const selected = choice ?? String(years.data.current);
  const currentYear = schoolYearPeriod(years.data.current);
  const customRange = range ?? currentYear;

  const submit = () => {
    const period = selected === custom ? customRange : schoolYearPeriod(Number(selected));
    const parsed = periodQuerySchema.safeParse(period);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? texts.failed);
      return;
    }
    setProblem(undefined);
    download.mutate(parsed.data, {
      onSuccess: () => toast({ title: texts.downloaded }),
      onError: (error) => setProblem(errorText(error, texts.failed)),
    });
  };

  return (
    <Card className="space-y-4" role="region" aria-labelledby={headingId}>
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {texts.title}
        </h2>
        <p className="text-sm text-muted-foreground">{texts.description}</p>
      </div>
      <FormField label={texts.period}>
        <Select
          value={selected}
          onChange={(event) => {
            setChoice(event.target.value);
            setProblem(undefined);
          }}
        >
          {years.data.years.map((year) => (
            <option key={year} value={String(year)}>
              {schoolYearLabel(year)}
            </option>
          ))}
          <option value={custom}>{texts.otherPeriod}</option>
        </Select>
      </FormField>
      {selected === custom ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={texts.from}>
            <Input
              type="date"
              value={customRange.from}
              onChange={(event) => setRange({ ...customRange, from: event.target.value })}
            />
          </FormField>
          <FormField label={texts.to}>
            <Input
              type="date"
              value={customRange.to}
              onChange={(event) => setRange({ ...customRange, to: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
      <Button className="w-full sm:w-auto" onClick={submit} disabled={download.isPending}>
        <FileDown aria-hidden />
        {download.isPending ? texts.downloading : texts.download}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
