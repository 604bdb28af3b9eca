import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { acceptedImageTypes } from '../../shared/images';
import { ApiError } from '../api/client';
import { useImageUpload } from '../api/upload-image';
import { Button } from './ui/button';

export interface ImageValue {
  id: number;
  url: string;
}

interface ImageUploadProps {
  label: string;
  value: ImageValue | null;
  onChange: (value: ImageValue | null) => void;
  hint?: string;
}

/** Picks a PNG, JPG or GIF up to 5 MB, uploads it at once and shows it; the form keeps only its id. */
export function ImageUpload({
  label,
  value,
  onChange,
  hint = 'PNG, JPG или GIF, до 5 МБ',
}: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload();
  const [error, setError] = useState<string>();

  const pick = (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    upload.mutate(file, {
      onSuccess: (image) => onChange({ id: image.id, url: image.url }),
      onError: (failure) =>
        setError(failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : failure.message),
    });
  };

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value.url} alt={label} className="size-20 rounded-lg border border-border object-cover" />
        ) : null}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={acceptedImageTypes.join(',')}
          className="sr-only"
          aria-describedby={`${inputId}-message`}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <ImagePlus aria-hidden />
          {upload.isPending ? 'Загрузка…' : value ? 'Заменить' : 'Выбрать файл'}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden />
            Удалить
          </Button>
        ) : null}
      </div>
      <p
        id={`${inputId}-message`}
        role={error ? 'alert' : undefined}
        className={error ? 'text-sm text-destructive dark:text-red-400' : 'text-sm text-muted-foreground'}
      >
        {error ?? hint}
      </p>
    </div>
  );
}
