import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, nameSchema, type User } from '@hostpilot/shared';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '@hostpilot/shared/zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** The same rules as registration's first step and e-mail (packages/shared). */
const profileSchema = z.object({ firstName: nameSchema, lastName: nameSchema, email: emailSchema });
type ProfileForm = z.input<typeof profileSchema>;

/** First name, last name and e-mail, prefilled from the signed-in user. Valid changes go to `onSave`. */
export function ProfileForm({ user, onSave }: { user: User | null; onSave: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '' },
  });
  const error = (name: keyof ProfileForm) => {
    const message = errors[name]?.message;
    return message ? tc(message) : undefined;
  };

  return (
    <form noValidate onSubmit={handleSubmit(() => onSave())} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.profile.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <TextField
          label={t('settings.profile.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('settings.profile.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <Button type="submit">
        <Save aria-hidden="true" className="size-4" />
        {t('settings.profile.save')}
      </Button>
    </form>
  );
}
