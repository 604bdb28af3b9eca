import { NotFound } from '../../components/not-found';
import { notFoundTexts } from './texts';

export function NotFoundPage() {
  return (
    <NotFound title={notFoundTexts.title} text={notFoundTexts.text} to="/" linkLabel={notFoundTexts.toHome} />
  );
}
