import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

/** Individual volunteering is announced but not open yet (public-area.md section 1). */
export function VolunteerDevelopmentPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <Construction aria-hidden className="mx-auto size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold">Волонтерство в разработке</h1>
      <p className="mt-4 text-muted-foreground">
        Индивидуальная регистрация волонтёров пока недоступна. Сейчас участвовать в мероприятиях можно вместе
        со своей школой: попросите её подключиться к платформе.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/events">Найти мероприятия</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth?tab=register">Зарегистрировать школу</Link>
        </Button>
      </div>
    </div>
  );
}
