import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">
        Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка — маршрут не найден в приложении.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">На главную</Link>
      </Button>
    </div>
  );
}
