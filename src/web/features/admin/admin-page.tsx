import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCurrentUser } from '../auth/api';
import { useSignOut } from '../auth/use-sign-out';

/** The administrator panel: header with welcome and sign-out; its tabs arrive with the admin issue. */
export function AdminPage() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Панель администратора</h1>
          <p className="text-muted-foreground">Добро пожаловать, {user?.username}!</p>
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
