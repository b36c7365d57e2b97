import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle button (its label says what a press will do). */
export function PasswordInput({ id, invalid, ref, ...input }: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className={`input w-full pr-1 ${invalid ? 'input-error' : ''}`}>
      <input
        id={id}
        ref={ref}
        type={visible ? 'text' : 'password'}
        className="min-w-0 grow"
        aria-invalid={invalid ? true : undefined}
        {...input}
      />
      <button
        type="button"
        className="btn btn-square btn-ghost btn-sm"
        aria-label={visible ? t('password.hide') : t('password.show')}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
