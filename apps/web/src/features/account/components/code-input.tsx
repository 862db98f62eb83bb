import { Center, Input, PinInput } from '@mantine/core';
import { LOGIN_OTP_LENGTH } from '@tkc/contracts/constants';
import { useTranslation } from 'react-i18next';

type CodeInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with the code when the sixth digit is entered. */
  onComplete?: (value: string) => void;
  error?: string;
  isDisabled?: boolean;
  id: string;
};

/** Six boxes, one digit each, as on the sign-in code page. */
export function CodeInput({
  label,
  value,
  onChange,
  onComplete,
  error,
  isDisabled,
  id,
}: CodeInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} withAsterisk error={error} labelProps={{ htmlFor: `${id}-0` }}>
      <Center mt="xs" style={{ justifyContent: 'flex-start' }}>
        <PinInput
          length={LOGIN_OTP_LENGTH}
          type="number"
          inputMode="numeric"
          oneTimeCode
          autoFocus
          size="md"
          gap="sm"
          placeholder=""
          value={value}
          error={Boolean(error)}
          disabled={isDisabled}
          onChange={onChange}
          onComplete={onComplete}
          getInputProps={(index) => ({
            id: `${id}-${index}`,
            'aria-label': t('otp.digit', { n: index + 1 }),
          })}
        />
      </Center>
    </Input.Wrapper>
  );
}
