import { LogOut } from 'lucide-react';
import type { Role } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCurrentUser } from '../auth/api';
import { useSignOut } from '../auth/use-sign-out';

const dashboardTitles: Record<Role, string> = {
  foundation: 'Панель управления фонда',
  school: 'Панель управления школы',
  admin: 'Панель администратора',
  volunteer: 'Личный кабинет волонтера',
};

/** The personal account. Its role tabs arrive with the working-area issues; the header is final. */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{dashboardTitles[user.role]}</h1>
          <p className="text-muted-foreground">{user.username}</p>
        </div>
        <ConfirmDialog
          title="Вы действительно хотите выйти?"
          confirmText="Выйти"
          trigger={
            <Button variant="outline" disabled={isPending}>
              <LogOut aria-hidden />
              {isPending ? 'Выход...' : 'Выйти'}
            </Button>
          }
          onConfirm={signOut}
        />
      </Card>
    </div>
  );
}
