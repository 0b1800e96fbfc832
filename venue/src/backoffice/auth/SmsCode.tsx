import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { SMS_CODE_PLACEHOLDER_LENGTH, SMS_VALIDATE_MIN_LENGTH } from '@plataforma/adapter/constants';
import { useBackofficeTranslation } from '../i18n';
import { digitsOnly, MaskedField } from '../ui/Form';
import type { useCountdown } from './useCountdown';

const CODE_MAX_LENGTH = 10;
const codeDigits = digitsOnly(CODE_MAX_LENGTH);

/** The SMS code's field (SPEC §4), the same on the login and the password change: digits only, '4 dígitos'. */
export const SmsCodeField = <Values extends FieldValues, Output>({
  control,
  name,
  label,
  required,
  autoFocus,
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  required?: boolean;
  autoFocus?: boolean;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    <MaskedField
      control={control}
      name={name}
      mask={codeDigits}
      label={label}
      required={required}
      autoFocus={autoFocus}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('login.codePlaceholder', { count: SMS_CODE_PLACEHOLDER_LENGTH })}
      maxLength={CODE_MAX_LENGTH}
    />
  );
};

/** A code can be sent for checking from its third digit (SPEC §9). */
export const codeReady = (code: string | undefined): boolean => (code ?? '').length >= SMS_VALIDATE_MIN_LENGTH;

/** 'Reenviar em N s' while the 30 s lock runs, then 'reenviar'. */
export const ResendButton = ({
  countdown,
  disabled,
  onClick,
}: {
  countdown: ReturnType<typeof useCountdown>;
  disabled?: boolean;
  onClick: () => void;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    <button type="button" className="link" disabled={!countdown.done || disabled} onClick={onClick} aria-live="polite">
      {countdown.done ? t('login.resend') : t('login.resendIn', { seconds: countdown.left })}
    </button>
  );
};
